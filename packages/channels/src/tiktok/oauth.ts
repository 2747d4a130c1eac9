import { AuthError, ValidationError } from '../port/errors';
import type { AuthoriseRequest, CallbackParams, ChannelCredentials } from '../port/types';
import { checkCallback } from '../port/callback';
import { send, type FetchLike } from '../http/fetch';
import { envelopeError, type TiktokClient } from './client';
import type { TiktokConfig } from './config';

interface TokenData {
  access_token: string;
  access_token_expire_in: number;
  refresh_token: string;
  refresh_token_expire_in: number;
  open_id: string;
  seller_name: string;
  granted_scopes?: string[];
}

interface ShopsData {
  shops: Array<{ id: string; name: string; region: string; cipher: string }>;
}

export function authoriseUrl(config: TiktokConfig, request: AuthoriseRequest): string {
  const params = new URLSearchParams({ service_id: config.serviceId, state: request.state });
  return `${new URL('/open/authorize', config.authorizeBaseUrl).toString()}?${params.toString()}`;
}

/** Token get/refresh on the auth host; `*_expire_in` are absolute Unix seconds (§3.2). */
async function tokenCall(
  config: TiktokConfig,
  fetchFn: FetchLike,
  path: string,
  params: Record<string, string>,
): Promise<ChannelCredentials> {
  const query = new URLSearchParams({
    app_key: config.appKey,
    app_secret: config.appSecret,
    ...params,
  });
  const answer = await send(
    fetchFn,
    `${new URL(path, config.authBaseUrl).toString()}?${query.toString()}`,
    {
      method: 'GET',
      headers: { accept: 'application/json' },
      timeoutMs: config.timeoutMs,
    },
  );
  const error = envelopeError(config, answer, path);
  if (error) throw error;
  const data = (answer.json as { data: TokenData }).data;
  return {
    accessToken: data.access_token,
    refreshToken: data.refresh_token,
    expiresAt: data.access_token_expire_in * 1000,
    refreshTokenExpiresAt: data.refresh_token_expire_in * 1000,
    scopes: data.granted_scopes ?? [],
    accountId: data.open_id,
    accountName: data.seller_name,
  };
}

export async function exchangeCode(
  config: TiktokConfig,
  fetchFn: FetchLike,
  client: TiktokClient,
  params: CallbackParams,
): Promise<ChannelCredentials> {
  const { query } = params;
  checkCallback(params);
  const code = query[config.codeParam];
  if (!code) throw new ValidationError('TikTok callback has no code (authorisation cancelled?)');
  const credentials = await tokenCall(config, fetchFn, '/api/v2/token/get', {
    auth_code: code,
    grant_type: 'authorized_code',
  });
  // Every shop-scoped call needs the shop's cipher: take it from the authorised shops.
  const shops = await client.call<ShopsData>(credentials, 'GET', '/authorization/202309/shops', {
    shop: false,
  });
  const shop = shops.shops[0];
  if (!shop) throw new ValidationError('the TikTok seller authorised no shop');
  return { ...credentials, shopCipher: shop.cipher, shopId: shop.id, accountName: shop.name };
}

export async function refresh(
  config: TiktokConfig,
  fetchFn: FetchLike,
  credentials: ChannelCredentials,
): Promise<ChannelCredentials> {
  if (!credentials.refreshToken) throw new AuthError('no TikTok refresh token; re-authorise');
  const fresh = await tokenCall(config, fetchFn, '/api/v2/token/refresh', {
    refresh_token: credentials.refreshToken,
    grant_type: 'refresh_token',
  });
  return { ...credentials, ...fresh, accountName: credentials.accountName };
}
