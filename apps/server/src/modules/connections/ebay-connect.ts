import type { ConnectedResponse } from '@stocksync/contract';
import type { AccountStore } from './account-store';
import type { ConnectionsContext } from './context';
import type { OAuthStates } from './oauth-states';

/** Connecting an eBay seller account with the code its consent callback brings back. */
export class EbayConnect {
  constructor(
    private readonly c: ConnectionsContext,
    private readonly states: OAuthStates,
    private readonly accounts: AccountStore,
  ) {}

  async complete(
    userId: string,
    body: { code: string; state: string },
  ): Promise<ConnectedResponse> {
    const { organizationId } = await this.states.consume('ebay', userId, body.state);
    const channels = this.c.channels();
    const { adapter, sandbox } = channels.ebay;
    const credentials = await this.accounts.exchange('ebay', () =>
      adapter.exchangeCode({ query: body, expectedState: body.state }),
    );
    const username = credentials.accountName ?? credentials.accountId ?? 'ebay';
    const connected = await this.accounts.store({
      organizationId,
      userId,
      platform: 'ebay',
      sandbox,
      credentials,
      externalAccountId: credentials.accountId ?? username,
      aliasBase: username,
      fields: {
        username,
        ebay_id: credentials.accountId ?? null,
        marketplace_id: adapter.config.marketplaceId,
      },
    });
    // Sales pushed by eBay (ORDER_CONFIRMATION); without them they are still found by polling.
    await this.accounts.subscribe(
      { organizationId, userId },
      `eBay notifications for ${connected.alias}`,
      'Could not subscribe to sale notifications',
      () => adapter.registerWebhooks(credentials, channels.webhookUrls.ebayDeletion),
    );
    return connected;
  }
}
