import type { ConnectedResponse } from '@stocksync/contract';
import type { AccountStore } from './account-store';

/** Connecting an eBay seller account with the code its consent callback brings back. */
export class EbayConnect {
  constructor(private readonly accounts: AccountStore) {}

  async complete(
    userId: string,
    body: { code: string; state: string },
  ): Promise<ConnectedResponse> {
    const { organizationId, credentials, channel, webhookUrls } = await this.accounts.grant(
      'ebay',
      userId,
      body,
      () => body,
    );
    const { adapter, sandbox } = channel;
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
      () => adapter.registerWebhooks(credentials, webhookUrls.ebayDeletion),
    );
    return connected;
  }
}
