import type { ConnectedResponse } from '@stocksync/contract';
import type { AccountStore } from './account-store';

/** Connecting a TikTok Shop with the code its consent callback brings back. */
export class TiktokConnect {
  constructor(private readonly accounts: AccountStore) {}

  async complete(
    userId: string,
    body: { code: string; state: string },
  ): Promise<ConnectedResponse> {
    const { organizationId, credentials, channel, webhookUrls } = await this.accounts.grant(
      'tiktok',
      userId,
      body,
      ({ adapter }) => ({ [adapter.config.codeParam]: body.code, state: body.state }),
    );
    const { adapter, sandbox } = channel;
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
      () => adapter.registerWebhooks(credentials, webhookUrls.tiktok),
    );
    return connected;
  }
}
