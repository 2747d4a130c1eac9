import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Shopify's signing schemes (docs/channels §1.1.1, §1.7, §5). The emulator signs with these and
 * verifies with them; the §7 test vectors pin both to the documented math.
 */

/**
 * The message Shopify signs for an install / OAuth query: the params without `hmac` and `signature`,
 * keys sorted, `k=v` joined by `&`, form-encoded the way the official SDK rebuilds it
 * (URLSearchParams, spaces as %20; plain values such as the §7 vector are unchanged). A key given
 * several times has its values joined by `,`.
 */
export function queryHmacMessage(params: Record<string, string | string[] | undefined>): string {
  const search = new URLSearchParams();
  Object.keys(params)
    .filter((key) => key !== 'hmac' && key !== 'signature' && params[key] !== undefined)
    .sort((a, b) => a.localeCompare(b))
    .forEach((key) => {
      const value = params[key];
      search.append(key, Array.isArray(value) ? value.join(',') : (value ?? ''));
    });
  return search.toString().replace(/\+/g, '%20');
}

/** hex(HMAC-SHA256(secret, message)). */
export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** hex HMAC of a query's params, as carried in the `hmac` query parameter. */
export function signQuery(
  secret: string,
  params: Record<string, string | string[] | undefined>,
): string {
  return hmacHex(secret, queryHmacMessage(params));
}

/** Constant-time check of a query's `hmac` parameter. */
export function verifyQueryHmac(
  secret: string,
  params: Record<string, string | string[] | undefined>,
): boolean {
  const given = params.hmac;
  if (typeof given !== 'string') return false;
  return safeEqual(given, signQuery(secret, params));
}

/** base64(HMAC-SHA256(secret, raw body)), the X-Shopify-Hmac-Sha256 header of a webhook. */
export function webhookHmac(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

export function verifyWebhookHmac(
  secret: string,
  rawBody: string | Buffer,
  header: string,
): boolean {
  return safeEqual(header, webhookHmac(secret, rawBody));
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
