import { AuthError, RateLimitedError, TransientError, ValidationError } from '../port/errors';
import { isRecord, retryAfterMs, send, type FetchLike, type HttpAnswer } from '../http/fetch';
import { Pacer } from '../http/pacer';
import type { TiktokConfig } from './config';
import { signRequest } from './sign';

interface Envelope<T> {
  code: number;
  message: string;
  request_id?: string;
  data: T;
}

/** Maps TikTok's `{code, message, data}` envelope (and the HTTP status) to typed errors. */
export function envelopeError(
  config: TiktokConfig,
  answer: HttpAnswer,
  what: string,
): Error | null {
  const body = isRecord(answer.json) ? (answer.json as unknown as Envelope<unknown>) : undefined;
  const code = body?.code;
  if (answer.status === 200 && code === 0) return null;
  const message =
    `${what}: TikTok answered ${answer.status} code ${code ?? '-'} ${body?.message ?? ''}`.trim();
  const options = { status: answer.status, code: code === undefined ? undefined : String(code) };
  if (answer.status === 429 || (code !== undefined && config.errorCodes.rateLimited.includes(code)))
    return new RateLimitedError(message, {
      ...options,
      retryAfterMs: retryAfterMs(answer.headers, 1_000),
    });
  if (code !== undefined && config.errorCodes.invalid.includes(code))
    return new ValidationError(message, options);
  if (code !== undefined && config.errorCodes.auth.includes(code))
    return new AuthError(message, options);
  if (answer.status >= 500 || (code !== undefined && config.errorCodes.transient.includes(code)))
    return new TransientError(message, options);
  if (answer.status === 401 || answer.status === 403) return new AuthError(message, options);
  return new ValidationError(message, options);
}

/** Signed Open API calls (§3.3): app_key, timestamp, shop_cipher, sign; token in x-tts-access-token. */
export class TiktokClient {
  /** Paces calls per shop and API under TikTok's QPS limits (§3.3: per app, per shop, per API). */
  private readonly pacer: Pacer;

  constructor(
    private readonly config: TiktokConfig,
    private readonly fetchFn: FetchLike,
    private readonly now: () => number,
  ) {
    this.pacer = new Pacer(config.requestsPerSecond, config.burst);
  }

  async call<T>(
    credentials: { accessToken: string; shopCipher?: string },
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: {
      query?: Record<string, string | number | undefined>;
      body?: unknown;
      shop?: boolean;
    } = {},
  ): Promise<T> {
    const query: Record<string, string> = {
      app_key: this.config.appKey,
      timestamp: String(Math.floor(this.now() / 1000)),
    };
    if (options.shop !== false) {
      if (!credentials.shopCipher)
        throw new ValidationError('TikTok credentials have no shop cipher');
      query.shop_cipher = credentials.shopCipher;
    }
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) query[key] = String(value);
    }
    // One API is one path template: product ids and the like do not make a new limit.
    const api = path.replace(/\/\d+(?=\/|$)/g, '/{id}');
    await this.pacer.take(`${credentials.shopCipher ?? credentials.accessToken} ${api}`);
    const body = options.body === undefined ? '' : JSON.stringify(options.body);
    query.sign = signRequest(this.config.appSecret, path, query, body);
    const url = `${new URL(path, this.config.apiBaseUrl).toString()}?${new URLSearchParams(query).toString()}`;
    const answer = await send(this.fetchFn, url, {
      method,
      headers: {
        'x-tts-access-token': credentials.accessToken,
        'content-type': 'application/json',
      },
      body: body || undefined,
      timeoutMs: this.config.timeoutMs,
    });
    const error = envelopeError(this.config, answer, `${method} ${path}`);
    if (error) throw error;
    return (answer.json as Envelope<T>).data;
  }
}
