import { TransientError } from '../port/errors';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  json: unknown;
}

/**
 * One HTTP call with a timeout. Network failures and timeouts become TransientError; every HTTP
 * status is returned for the adapter to map.
 */
export async function send(
  fetchFn: FetchLike,
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<HttpAnswer> {
  const { timeoutMs, ...rest } = init;
  let response: Response;
  let text: string;
  try {
    response = await fetchFn(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    throw new TransientError(`request to ${new URL(url).pathname} failed: ${String(error)}`, {
      cause: error,
    });
  }
  let json: unknown;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Retry-After header (seconds, possibly fractional, or an HTTP date) in ms, or a fallback. */
export function retryAfterMs(headers: Headers, fallbackMs: number, now = Date.now()): number {
  const value = headers.get('retry-after');
  if (!value) return fallbackMs;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : fallbackMs;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
