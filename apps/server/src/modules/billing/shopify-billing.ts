import { createAdminApiClient } from '@shopify/admin-api-client';
import type { ChannelCredentials, ShopifyAdapter } from '@stocksync/channels';
import { AppError } from '../../lib/errors';

/** An AppSubscription as Shopify reports it (docs/channels §1.8). */
export interface ShopifyCharge {
  id: string;
  name: string;
  status: string;
  currentPeriodEnd: string | null;
}

const CHARGE_FIELDS = 'id name status currentPeriodEnd';

const CREATE = `mutation BillingCreate($name: String!, $returnUrl: URL!, $test: Boolean, $lineItems: [AppSubscriptionLineItemInput!]!) {
  appSubscriptionCreate(name: $name, returnUrl: $returnUrl, test: $test, replacementBehavior: APPLY_IMMEDIATELY, lineItems: $lineItems) {
    appSubscription { ${CHARGE_FIELDS} }
    confirmationUrl
    userErrors { field message }
  }
}`;

const CHARGE = `query BillingCharge($id: ID!) {
  node(id: $id) { ... on AppSubscription { ${CHARGE_FIELDS} } }
}`;

const ACTIVE = `query BillingActive {
  currentAppInstallation { activeSubscriptions { ${CHARGE_FIELDS} } }
}`;

export const chargeGid = (id: string) =>
  id.startsWith('gid://') ? id : `gid://shopify/AppSubscription/${id}`;

/**
 * Shopify app billing for one shop, over Admin GraphQL with Shopify's own client, at the same shop
 * URL and API version as the channel adapter (so the emulator in sandbox mode).
 */
export class ShopifyBilling {
  constructor(
    private readonly adapter: ShopifyAdapter,
    /** Sandbox shops get test charges (no money moves). */
    private readonly test: boolean,
  ) {}

  private async request<T>(
    credentials: ChannelCredentials,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<T> {
    const shop = credentials.shop;
    if (!shop) throw new AppError(409, 'This Shopify connection has no shop');
    const { config } = this.adapter;
    const origin = config.shopUrlTemplate.replace('{shop}', shop);
    const client = createAdminApiClient({
      storeDomain: shop,
      apiVersion: config.apiVersion,
      accessToken: credentials.accessToken,
      // The client always builds https://{shop}/admin/api/...; send it to the configured origin.
      customFetchApi: (url, init) =>
        fetch(String(url).replace(`https://${shop}`, origin), init as RequestInit),
      logger: () => undefined,
    });
    const result = await client.request<T>(query, {
      variables,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (result.errors || !result.data) {
      const text =
        (result.errors?.graphQLErrors ?? []).map((e) => e.message).join('; ') ||
        result.errors?.message ||
        'no data';
      throw new AppError(502, `Shopify billing failed: ${text}`);
    }
    return result.data;
  }

  async create(
    credentials: ChannelCredentials,
    input: { name: string; amount: string; currency: string; returnUrl: string },
  ): Promise<{ charge: ShopifyCharge; confirmationUrl: string }> {
    const data = await this.request<{
      appSubscriptionCreate: {
        appSubscription: ShopifyCharge | null;
        confirmationUrl: string | null;
        userErrors: { message: string }[];
      };
    }>(credentials, CREATE, {
      name: input.name,
      returnUrl: input.returnUrl,
      test: this.test,
      lineItems: [
        {
          plan: {
            appRecurringPricingDetails: {
              price: { amount: input.amount, currencyCode: input.currency },
              interval: 'EVERY_30_DAYS',
            },
          },
        },
      ],
    });
    const payload = data.appSubscriptionCreate;
    if (!payload.appSubscription || !payload.confirmationUrl) {
      const reasons = payload.userErrors.map((e) => e.message).join('; ');
      throw new AppError(502, `Shopify did not accept the subscription: ${reasons}`);
    }
    return { charge: payload.appSubscription, confirmationUrl: payload.confirmationUrl };
  }

  async charge(credentials: ChannelCredentials, id: string): Promise<ShopifyCharge | null> {
    const data = await this.request<{ node: ShopifyCharge | null }>(credentials, CHARGE, {
      id: chargeGid(id),
    });
    return data.node?.id ? data.node : null;
  }

  async active(credentials: ChannelCredentials): Promise<ShopifyCharge[]> {
    const data = await this.request<{
      currentAppInstallation: { activeSubscriptions: ShopifyCharge[] };
    }>(credentials, ACTIVE);
    return data.currentAppInstallation.activeSubscriptions;
  }

  /** Asks the shop for app_subscriptions/update webhooks (already subscribed is fine). */
  async subscribeUpdates(credentials: ChannelCredentials, uri: string): Promise<void> {
    try {
      await this.adapter.registerWebhooks(credentials, uri, ['app_subscriptions/update']);
    } catch (error) {
      if (!(error instanceof Error && /already been taken/i.test(error.message))) throw error;
    }
  }
}
