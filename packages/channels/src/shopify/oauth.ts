import { AuthError, TransientError, ValidationError, RateLimitedError } from '../port/errors';
import type { AuthoriseRequest, CallbackParams, ChannelCredentials } from '../port/types';
import { checkCallback } from '../port/callback';
import { isRecord, retryAfterMs, send, type FetchLike } from '../http/fetch';
import { SHOP_DOMAIN, type ShopifyConfig } from './config';
import { verifyQueryHmac } from './hmac';

export function assertShopDomain(shop: string | undefined): string {
  if (!shop || !SHOP_DOMAIN.test(shop)) throw new ValidationError(`invalid shop domain: ${shop}`);
  return shop.toLowerCase();
}

export function shopUrl(config: ShopifyConfig, shop: string, path: string): string {
  return config.shopUrlTemplate.replace('{shop}', shop) + path;
}

/** Install request or OAuth callback: HMAC over the query, fresh timestamp, valid shop. */
export function verifySignedQuery(
  config: ShopifyConfig,
  query: Record<string, string>,
  now: number,
): boolean {
  if (!verifyQueryHmac(config.clientSecret, query)) return false;
  const timestamp = Number(query.timestamp);
  if (!Number.isFinite(timestamp)) return false;
  if (Math.abs(now / 1000 - timestamp) > config.hmacMaxAgeSeconds) return false;
  return typeof query.shop === 'string' && SHOP_DOMAIN.test(query.shop);
}

export function authoriseUrl(config: ShopifyConfig, request: AuthoriseRequest): string {
  const shop = assertShopDomain(request.shop);
  const params = new URLSearchParams({
    client_id: config.clientId,
    scope: config.scopes.join(','),
    redirect_uri: config.redirectUri,
    state: request.state,
  });
  // Empty grant option = offline token.
  params.append('grant_options[]', '');
  return `${shopUrl(config, shop, '/admin/oauth/authorize')}?${params.toString()}`;
}

interface TokenAnswer {
  access_token: string;
  scope?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

async function tokenRequest(
  config: ShopifyConfig,
  fetchFn: FetchLike,
  shop: string,
  body: Record<string, string | number>,
  now: number,
): Promise<ChannelCredentials> {
  const answer = await send(fetchFn, shopUrl(config, shop, '/admin/oauth/access_token'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      ...body,
    }),
    timeoutMs: config.timeoutMs,
  });
  if (answer.status === 429)
    throw new RateLimitedError('Shopify token endpoint rate limited', {
      retryAfterMs: retryAfterMs(answer.headers, 2_000),
      status: 429,
    });
  if (answer.status >= 500)
    throw new TransientError(`Shopify token endpoint answered ${answer.status}`, {
      status: answer.status,
    });
  const json = answer.json;
  if (answer.status !== 200 || !isRecord(json) || typeof json.access_token !== 'string') {
    const detail = isRecord(json)
      ? String(json.error_description ?? json.error ?? json.errors)
      : '';
    throw new AuthError(`Shopify token request refused (${answer.status}) ${detail}`.trim(), {
      status: answer.status,
    });
  }
  const token = json as unknown as TokenAnswer;
  return {
    accessToken: token.access_token,
    ...(token.refresh_token ? { refreshToken: token.refresh_token } : {}),
    ...(token.expires_in ? { expiresAt: now + token.expires_in * 1000 } : {}),
    ...(token.refresh_token_expires_in
      ? { refreshTokenExpiresAt: now + token.refresh_token_expires_in * 1000 }
      : {}),
    scopes: token.scope ? token.scope.split(',').filter(Boolean) : [],
    shop,
    accountId: shop,
  };
}

export async function exchangeCode(
  config: ShopifyConfig,
  fetchFn: FetchLike,
  params: CallbackParams,
  now: number,
): Promise<ChannelCredentials> {
  const { query } = params;
  checkCallback(params);
  if (!verifySignedQuery(config, query, now))
    throw new ValidationError('OAuth callback HMAC, timestamp or shop is invalid');
  if (!query.code) throw new ValidationError('OAuth callback has no code');
  const shop = assertShopDomain(query.shop);
  return tokenRequest(
    config,
    fetchFn,
    shop,
    { code: query.code, ...(config.expiringTokens ? { expiring: 1 } : {}) },
    now,
  );
}

export async function refresh(
  config: ShopifyConfig,
  fetchFn: FetchLike,
  credentials: ChannelCredentials,
  now: number,
): Promise<ChannelCredentials> {
  const shop = assertShopDomain(credentials.shop);
  if (!credentials.refreshToken)
    throw new AuthError('this Shopify token has no refresh token; reinstall to get one');
  return tokenRequest(
    config,
    fetchFn,
    shop,
    { grant_type: 'refresh_token', refresh_token: credentials.refreshToken },
    now,
  );
}
