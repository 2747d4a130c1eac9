import { createAdminApiClient } from '@shopify/admin-api-client';
import { AuthError, RateLimitedError, TransientError, ValidationError } from '../port/errors';
import { isRecord, retryAfterMs, type FetchLike } from '../http/fetch';
import type { ShopifyConfig } from './config';
import { shopUrl } from './oauth';

/** The leaky bucket as Shopify last reported it (extensions.cost.throttleStatus). */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
  /** Epoch ms of the answer that carried it. */
  at: number;
}

interface GraphqlErrorLike {
  message?: string;
  extensions?: { code?: string };
}

interface Cost {
  requestedQueryCost?: number;
  throttleStatus?: Omit<ThrottleStatus, 'at'>;
}

export interface GraphqlDeps {
  config: ShopifyConfig;
  fetch: FetchLike;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Every document sent, for the schema test. */
  onDocument?: (query: string) => void;
}

/**
 * Admin GraphQL through Shopify's own client, pointed at the configured shop URL. Waits out
 * THROTTLED answers per throttleStatus (a bounded number of times), maps everything else to typed
 * errors, and remembers the last throttle status per shop so callers can pace.
 */
export class ShopifyGraphql {
  private readonly throttle = new Map<string, ThrottleStatus>();

  constructor(private readonly deps: GraphqlDeps) {}

  throttleStatus(shop: string): ThrottleStatus | undefined {
    return this.throttle.get(shop);
  }

  async request<T>(
    shop: string,
    accessToken: string,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<T> {
    const { config } = this.deps;
    this.deps.onDocument?.(query);
    const origin = shopUrl(config, shop, '');
    const client = createAdminApiClient({
      storeDomain: shop,
      apiVersion: config.apiVersion,
      accessToken,
      // The client always builds https://{shop}/admin/api/...; send it to the configured origin.
      customFetchApi: (url, init) =>
        this.deps.fetch(String(url).replace(`https://${shop}`, origin), init as RequestInit),
      logger: () => undefined,
    });
    for (let attempt = 0; ; attempt++) {
      const result = await client.request<T>(query, {
        variables,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      const cost = (result.extensions as { cost?: Cost } | undefined)?.cost;
      if (cost?.throttleStatus)
        this.throttle.set(shop, { ...cost.throttleStatus, at: this.deps.now() });
      const errors = result.errors;
      if (!errors) return result.data as T;
      const status = errors.networkStatusCode;
      let graphQLErrors = (errors.graphQLErrors ?? []) as GraphqlErrorLike[];
      if (status === 429 && errors.response && !graphQLErrors.length) {
        const body: unknown = await errors.response.json().catch(() => undefined);
        if (isRecord(body) && Array.isArray(body.errors)) graphQLErrors = body.errors;
      }
      const throttled =
        status === 429 || graphQLErrors.some((e) => e.extensions?.code === 'THROTTLED');
      if (throttled) {
        const wait = this.throttleWait(cost, errors.response?.headers);
        if (attempt < config.throttleRetries) {
          await this.deps.sleep(wait);
          continue;
        }
        throw new RateLimitedError('Shopify throttled the request', {
          retryAfterMs: wait,
          status,
          code: 'THROTTLED',
        });
      }
      throw mapError(status, errors.message ?? '', graphQLErrors);
    }
  }

  /** (requested - currentlyAvailable) / restoreRate seconds (docs/channels §1.6), else Retry-After. */
  private throttleWait(cost: Cost | undefined, headers: Headers | undefined): number {
    const status = cost?.throttleStatus;
    if (status && cost?.requestedQueryCost !== undefined && status.restoreRate > 0) {
      const missing = cost.requestedQueryCost - status.currentlyAvailable;
      return Math.max(0, Math.ceil((missing / status.restoreRate) * 1000));
    }
    return headers ? retryAfterMs(headers, 1_000) : 1_000;
  }
}

function mapError(status: number | undefined, message: string, errors: GraphqlErrorLike[]) {
  const text = errors.map((e) => e.message).join('; ') || message;
  const code = errors.find((e) => e.extensions?.code)?.extensions?.code;
  if (status === 401 || status === 403 || code === 'ACCESS_DENIED' || code === 'UNAUTHORIZED')
    return new AuthError(`Shopify refused the token: ${text}`, { status, code });
  if (status === undefined || status >= 500 || code === 'INTERNAL_SERVER_ERROR')
    return new TransientError(`Shopify request failed: ${text}`, { status, code });
  return new ValidationError(`Shopify rejected the request: ${text}`, { status, code });
}

/** `gid://shopify/Type/123` → 123 (as text); ids pass through unchanged. */
export function legacyId(gid: string): string {
  return gid.slice(gid.lastIndexOf('/') + 1).split('?')[0] ?? gid;
}

export const gid = (type: string, id: string | number) =>
  String(id).startsWith('gid://') ? String(id) : `gid://shopify/${type}/${id}`;
