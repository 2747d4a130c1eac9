import { createHmac } from 'node:crypto';
import { timingSafeEqualText } from '../port/util';

/**
 * `k=v&k=v` over the sorted params without `hmac`/`signature` (docs/channels §1.1.1), form-encoded
 * the way Shopify's SDK rebuilds it (URLSearchParams, spaces as %20); repeated keys joined by `,`.
 */
export function queryHmacMessage(query: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  Object.keys(query)
    .filter((key) => key !== 'hmac' && key !== 'signature')
    .sort()
    .forEach((key) => {
      const value = query[key]!;
      search.append(key, Array.isArray(value) ? value.join(',') : value);
    });
  return search.toString().replace(/\+/g, '%20');
}

export function queryHmac(secret: string, query: Record<string, string | string[]>): string {
  return createHmac('sha256', secret).update(queryHmacMessage(query)).digest('hex');
}

export function verifyQueryHmac(secret: string, query: Record<string, string | string[]>): boolean {
  const given = query.hmac;
  if (typeof given !== 'string' || !given) return false;
  return timingSafeEqualText(queryHmac(secret, query), given.toLowerCase());
}

/** base64 HMAC-SHA256 of the raw body (X-Shopify-Hmac-Sha256). */
export function webhookHmac(secret: string, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

export function verifyWebhookHmac(secrets: string[], rawBody: Buffer, header: string): boolean {
  return secrets.some((secret) => timingSafeEqualText(webhookHmac(secret, rawBody), header));
}
