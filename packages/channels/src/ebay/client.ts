import { AuthError, RateLimitedError, TransientError, ValidationError } from '../port/errors';
import { isRecord, retryAfterMs, send, type FetchLike, type HttpAnswer } from '../http/fetch';
import type { EbayConfig } from './config';
import type { EbayErrorDetail } from './types';

/** Maps eBay's REST error envelope `{errors:[{errorId, message, ...}]}` to typed errors. */
export function restError(answer: HttpAnswer, what: string): Error {
  const errors: EbayErrorDetail[] =
    isRecord(answer.json) && Array.isArray(answer.json.errors) ? answer.json.errors : [];
  const first = errors[0];
  const code = first?.errorId !== undefined ? String(first.errorId) : undefined;
  const message = `${what}: eBay answered ${answer.status}${first?.message ? ` (${first.message})` : ''}`;
  if (answer.status === 429)
    return new RateLimitedError(message, {
      retryAfterMs: retryAfterMs(answer.headers, 60_000),
      status: 429,
      code,
    });
  if (answer.status === 401 || answer.status === 403)
    return new AuthError(message, { status: answer.status, code });
  if (answer.status >= 500) return new TransientError(message, { status: answer.status, code });
  return new ValidationError(message, { status: answer.status, code });
}

interface RestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  base?: 'api' | 'apiz';
  ok?: number[];
}

/** Small typed REST client: bearer token, JSON, eBay headers, typed errors. */
export class EbayRest {
  constructor(
    private readonly config: EbayConfig,
    private readonly fetchFn: FetchLike,
  ) {}

  async call<T>(
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: RestOptions = {},
  ): Promise<T> {
    return (await this.request(token, method, path, options)).json as T;
  }

  /** The whole answer (status, headers such as a create's Location), once its status is ok. */
  async request(
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: RestOptions = {},
  ): Promise<HttpAnswer> {
    const base = options.base === 'apiz' ? this.config.apizBaseUrl : this.config.apiBaseUrl;
    const url = new URL(path, base);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const answer = await send(this.fetchFn, url.toString(), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'x-ebay-c-marketplace-id': this.config.marketplaceId,
        ...(options.body !== undefined
          ? { 'content-type': 'application/json', 'content-language': this.config.contentLanguage }
          : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      timeoutMs: this.config.timeoutMs,
    });
    const ok = options.ok ?? [200, 201, 204];
    if (!ok.includes(answer.status)) throw restError(answer, `${method} ${url.pathname}`);
    return answer;
  }
}
