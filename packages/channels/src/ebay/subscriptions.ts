import { ChannelError, ValidationError } from '../port/errors';
import type { ChannelCredentials } from '../port/types';
import type { AppTokenCache } from './app-token';
import type { EbayRest } from './client';
import type { EbayConfig } from './config';
import { ORDER_CONFIRMATION } from './notifications';
import type {
  CreateSubscriptionRequest,
  DestinationRequest,
  DestinationSearchResponse,
  SubscriptionSearchResponse,
} from './types';

const API = '/commerce/notification/v1';
const DESTINATION_NAME = 'stocksync';
const PAYLOAD = { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' };

// Notification API error ids (eBay's commerce_notification OAS).
const NO_ALERT_CONFIG = '195003';
const SUBSCRIPTION_EXISTS = '195012';
const DESTINATION_EXISTS = '195021';

const codeOf = (error: unknown) => (error instanceof ChannelError ? error.code : undefined);

/** A create answers 201 with an empty body: the new id is the last segment of Location. */
function createdId(location: string | null, what: string): string {
  const id = location?.split('?')[0]?.split('/').filter(Boolean).at(-1);
  if (!id) throw new ValidationError(`eBay created the ${what} without a Location header`);
  return id;
}

/**
 * Sets up the Notification API so eBay pushes each sale (ORDER_CONFIRMATION) to our endpoint:
 * one destination per endpoint for the whole app (application token; eBay challenges the endpoint
 * before accepting it), and one subscription per seller (their user token). Safe to repeat on every
 * connect and reconnect: what exists is reused, a stale subscription is replaced.
 */
export class EbayNotificationSubscriber {
  constructor(
    private readonly config: EbayConfig,
    private readonly rest: EbayRest,
    private readonly appToken: AppTokenCache,
  ) {}

  async register(
    credentials: ChannelCredentials,
    endpoint: string,
  ): Promise<{ destinationId: string; subscriptionId: string }> {
    const token = this.config.deletionVerificationToken;
    if (!this.config.deletionEndpoint || !token)
      throw new ValidationError(
        'eBay notification endpoint or verification token is not configured',
      );
    // The challenge hashes the endpoint as registered, and we answer it for this one only.
    if (endpoint !== this.config.deletionEndpoint)
      throw new ValidationError(
        `eBay notifications must go to the configured endpoint ${this.config.deletionEndpoint}`,
      );
    const destinationId = await this.destination(endpoint, token);
    const subscriptionId = await this.subscription(credentials.accessToken, destinationId);
    return { destinationId, subscriptionId };
  }

  private async destination(endpoint: string, verificationToken: string): Promise<string> {
    const app = await this.appToken.get();
    const body: DestinationRequest = {
      name: DESTINATION_NAME,
      status: 'ENABLED',
      deliveryConfig: { endpoint, verificationToken },
    };
    const existing = await this.findDestination(app, endpoint);
    if (existing) {
      // Disabled, marked down after failed deliveries, or another token: put it back as we need it.
      if (existing.status !== 'ENABLED' || existing.token !== verificationToken)
        await this.rest.call(app, 'PUT', `${API}/destination/${existing.id}`, { body });
      return existing.id;
    }
    for (let attempt = 0; ; attempt++) {
      try {
        const created = await this.rest.request(app, 'POST', `${API}/destination`, { body });
        return createdId(created.headers.get('location'), 'destination');
      } catch (error) {
        const code = codeOf(error);
        if (code === NO_ALERT_CONFIG && attempt === 0 && this.config.notificationAlertEmail) {
          await this.rest.call(app, 'PUT', `${API}/config`, {
            body: { alertEmail: this.config.notificationAlertEmail },
          });
          continue;
        }
        // Another process created it in the meantime.
        const raced = code === DESTINATION_EXISTS && (await this.findDestination(app, endpoint));
        if (raced) return raced.id;
        throw error;
      }
    }
  }

  private async findDestination(app: string, endpoint: string) {
    let path: string | undefined = `${API}/destination?limit=100`;
    while (path) {
      const page: DestinationSearchResponse = await this.rest.call(app, 'GET', path);
      const found = page.destinations?.find((d) => d.deliveryConfig?.endpoint === endpoint);
      if (found?.destinationId)
        return {
          id: found.destinationId,
          status: found.status,
          token: found.deliveryConfig?.verificationToken,
        };
      path = page.next;
    }
    return undefined;
  }

  private async subscription(userToken: string, destinationId: string): Promise<string> {
    const body: CreateSubscriptionRequest = {
      topicId: ORDER_CONFIRMATION,
      status: 'ENABLED',
      destinationId,
      payload: PAYLOAD,
    };
    const create = async () =>
      createdId(
        (await this.rest.request(userToken, 'POST', `${API}/subscription`, { body })).headers.get(
          'location',
        ),
        'subscription',
      );
    try {
      return await create();
    } catch (error) {
      if (codeOf(error) !== SUBSCRIPTION_EXISTS) throw error;
    }
    // Subscribed before (a reconnect): keep it when it is on and ours, else replace it.
    const existing = await this.findSubscription(userToken);
    if (existing?.destinationId === destinationId && existing.status === 'ENABLED')
      return existing.subscriptionId!;
    if (existing?.subscriptionId)
      await this.rest.call(userToken, 'DELETE', `${API}/subscription/${existing.subscriptionId}`);
    return create();
  }

  private async findSubscription(userToken: string) {
    let path: string | undefined = `${API}/subscription?limit=100`;
    while (path) {
      const page: SubscriptionSearchResponse = await this.rest.call(userToken, 'GET', path);
      const found = page.subscriptions?.find((s) => s.topicId === ORDER_CONFIRMATION);
      if (found?.subscriptionId) return found;
      path = page.next;
    }
    return undefined;
  }
}
