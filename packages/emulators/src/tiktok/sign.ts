import { createHmac, timingSafeEqual } from 'node:crypto';

/** The string TikTok Shop signs (docs/channels §3.3), before the HMAC. */
export function signInput(
  appSecret: string,
  path: string,
  query: Record<string, string | string[] | undefined>,
  body: string,
): string {
  const keys = Object.keys(query)
    .filter((k) => k !== 'sign' && k !== 'access_token' && query[k] !== undefined)
    .sort();
  let text = path;
  for (const key of keys) {
    const value = query[key];
    text += key + (Array.isArray(value) ? value.join(',') : (value ?? ''));
  }
  return appSecret + text + body + appSecret;
}

/**
 * `sign` of a TikTok Shop API request: lowercase hex HMAC-SHA256 keyed with app_secret over
 * app_secret + path + sorted(key+value, without sign and access_token) + body + app_secret.
 * Pass body '' for GET and for multipart/form-data requests.
 */
export function signRequest(
  appSecret: string,
  path: string,
  query: Record<string, string | string[] | undefined>,
  body = '',
): string {
  return createHmac('sha256', appSecret)
    .update(signInput(appSecret, path, query, body))
    .digest('hex');
}

/** Webhook `Authorization` header: lowercase hex HMAC-SHA256(app_secret, app_key + raw body) (unconfirmed scheme). */
export function webhookSignature(appKey: string, appSecret: string, rawBody: string): string {
  return createHmac('sha256', appSecret)
    .update(appKey + rawBody)
    .digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Query parameters of a raw URL; repeated keys become arrays (signed joined by ','). */
export function queryOf(url: string): Record<string, string | string[]> {
  const q = url.indexOf('?');
  const out: Record<string, string | string[]> = {};
  if (q < 0) return out;
  for (const [key, value] of new URLSearchParams(url.slice(q + 1))) {
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else out[key] = [existing, value];
  }
  return out;
}

/** Path of a raw URL, without the query. */
export const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};
