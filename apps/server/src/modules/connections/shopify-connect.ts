import { connectionMessages, type ConnectedResponse } from '@stocksync/contract';
import { badRequest, unauthorized } from '../../lib/errors';
import type { AccountStore } from './account-store';
import type { ConnectionsContext } from './context';
import type { OAuthStates } from './oauth-states';

/** Connecting a Shopify shop: Shopify's install request and the consent callback. */
export class ShopifyConnect {
  constructor(
    private readonly c: ConnectionsContext,
    private readonly states: OAuthStates,
    private readonly accounts: AccountStore,
    private readonly appUrl: string,
  ) {}

  /** A merchant's install from the Shopify side: where to send the browser (our confirm screen). */
  installRedirect(query: Record<string, string>): string {
    if (!query.shop || !query.hmac) throw badRequest(connectionMessages.installInvalid, 'hmac');
    if (!this.c.channels().shopify.adapter.verifyInstallRequest(query)) throw unauthorized();
    return `${this.appUrl}/auth/shopify/?shop=${encodeURIComponent(query.shop)}`;
  }

  async complete(userId: string, query: Record<string, string>): Promise<ConnectedResponse> {
    if (query.error) throw badRequest(connectionMessages.declined, 'error');
    const { organizationId, shop } = await this.states.consume('shopify', userId, query.state);
    if (shop && query.shop && query.shop.toLowerCase() !== shop)
      throw badRequest(connectionMessages.stateInvalid, 'shop');
    const channels = this.c.channels();
    const { adapter, sandbox } = channels.shopify;
    const credentials = await this.accounts.exchange('shopify', () =>
      adapter.exchangeCode({ query, expectedState: query.state ?? '' }),
    );
    const shopDomain = credentials.shop ?? query.shop ?? '';
    const connected = await this.accounts.store({
      organizationId,
      userId,
      platform: 'shopify',
      sandbox,
      credentials,
      externalAccountId: shopDomain,
      aliasBase: shopDomain.replace(/\.myshopify\.com$/, ''),
      fields: { shop_domain: shopDomain, username: shopDomain },
    });
    await this.accounts.subscribe(
      { organizationId, userId },
      `Shopify webhooks for ${connected.alias}`,
      'Could not register webhooks',
      () => adapter.registerWebhooks(credentials, channels.webhookUrls.shopify),
    );
    return connected;
  }
}
