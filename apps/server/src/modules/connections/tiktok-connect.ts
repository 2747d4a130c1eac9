import type { ConnectedResponse } from '@stocksync/contract';
import type { AccountStore } from './account-store';
import type { ConnectionsContext } from './context';
import type { OAuthStates } from './oauth-states';

/** Connecting a TikTok Shop with the code its consent callback brings back. */
export class TiktokConnect {
  constructor(
    private readonly c: ConnectionsContext,
    private readonly states: OAuthStates,
    private readonly accounts: AccountStore,
  ) {}

  async complete(
    userId: string,
    body: { code: string; state: string },
  ): Promise<ConnectedResponse> {
    const { organizationId } = await this.states.consume('tiktok', userId, body.state);
    const channels = this.c.channels();
    const { adapter, sandbox } = channels.tiktok;
    const query = { [adapter.config.codeParam]: body.code, state: body.state };
    const credentials = await this.accounts.exchange('tiktok', () =>
      adapter.exchangeCode({ query, expectedState: body.state }),
    );
    const shopId = credentials.shopId ?? credentials.accountId ?? '';
    const connected = await this.accounts.store({
      organizationId,
      userId,
      platform: 'tiktok',
      sandbox,
      credentials,
      externalAccountId: shopId,
      aliasBase: credentials.accountName ?? shopId,
      fields: {
        username: credentials.accountName ?? null,
        tiktok_shop_id: shopId,
        tiktok_shop_cipher: credentials.shopCipher ?? null,
      },
    });
    await this.accounts.subscribe(
      { organizationId, userId },
      `TikTok Shop webhooks for ${connected.alias}`,
      'Could not register webhooks',
      () => adapter.registerWebhooks(credentials, channels.webhookUrls.tiktok),
    );
    return connected;
  }
}
