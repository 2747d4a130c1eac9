import { AuthError, RateLimitedError, TransientError, ValidationError } from '../port/errors';
import type { AuthoriseRequest, CallbackParams, ChannelCredentials } from '../port/types';
import { checkCallback } from '../port/callback';
import { isRecord, retryAfterMs, send, type FetchLike } from '../http/fetch';
import type { EbayConfig } from './config';
import type { TokenResponse } from './types';

export function authoriseUrl(config: EbayConfig, request: AuthoriseRequest): string {
  const params = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: config.ruName,
    response_type: 'code',
    state: request.state,
    scope: config.scopes.join(' '),
  });
  return `${new URL('/oauth2/authorize', config.authBaseUrl).toString()}?${params.toString()}`;
}

/** POST /identity/v1/oauth2/token with Basic client credentials (docs/channels §2.2). */
export async function tokenRequest(
  config: EbayConfig,
  fetchFn: FetchLike,
  form: Record<string, string>,
): Promise<TokenResponse> {
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
  const answer = await send(
    fetchFn,
    new URL('/identity/v1/oauth2/token', config.apiBaseUrl).toString(),
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      timeoutMs: config.timeoutMs,
    },
  );
  const json = answer.json;
  if (answer.status === 200 && isRecord(json) && typeof json.access_token === 'string')
    return json as unknown as TokenResponse;
  const error = isRecord(json) ? String(json.error ?? '') : '';
  const description = isRecord(json) ? String(json.error_description ?? '') : '';
  const message = `eBay token request failed (${answer.status} ${error}) ${description}`.trim();
  if (answer.status === 429)
    throw new RateLimitedError(message, {
      retryAfterMs: retryAfterMs(answer.headers, 60_000),
      status: 429,
      code: error,
    });
  if (answer.status >= 500)
    throw new TransientError(message, { status: answer.status, code: error });
  if (error === 'invalid_grant' || error === 'invalid_client' || answer.status === 401)
    throw new AuthError(message, { status: answer.status, code: error });
  throw new ValidationError(message, { status: answer.status, code: error });
}

export async function exchangeCode(
  config: EbayConfig,
  fetchFn: FetchLike,
  params: CallbackParams,
  now: number,
): Promise<ChannelCredentials> {
  const { query } = params;
  checkCallback(params);
  if (!query.code) throw new ValidationError('eBay callback has no code (consent declined?)');
  const token = await tokenRequest(config, fetchFn, {
    grant_type: 'authorization_code',
    code: query.code,
    redirect_uri: config.ruName,
  });
  return {
    accessToken: token.access_token,
    ...(token.refresh_token ? { refreshToken: token.refresh_token } : {}),
    expiresAt: now + token.expires_in * 1000,
    ...(token.refresh_token_expires_in
      ? { refreshTokenExpiresAt: now + token.refresh_token_expires_in * 1000 }
      : {}),
    scopes: config.scopes,
  };
}

/** eBay keeps the refresh token (no rotation): the answer carries the old one forward. */
export async function refresh(
  config: EbayConfig,
  fetchFn: FetchLike,
  credentials: ChannelCredentials,
  now: number,
): Promise<ChannelCredentials> {
  if (!credentials.refreshToken) throw new AuthError('no eBay refresh token; re-authorise');
  const token = await tokenRequest(config, fetchFn, {
    grant_type: 'refresh_token',
    refresh_token: credentials.refreshToken,
  });
  return {
    ...credentials,
    accessToken: token.access_token,
    expiresAt: now + token.expires_in * 1000,
    ...(token.refresh_token ? { refreshToken: token.refresh_token } : {}),
  };
}
