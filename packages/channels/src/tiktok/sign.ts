import { createHmac } from 'node:crypto';
import { timingSafeEqualText } from '../port/util';

/** app_secret + path + sorted key+value (without sign, access_token) + body + app_secret (§3.3). */
export function signInput(
  appSecret: string,
  path: string,
  query: Record<string, string>,
  body: string,
): string {
  const pairs = Object.keys(query)
    .filter((key) => key !== 'sign' && key !== 'access_token')
    .sort()
    .map((key) => key + query[key])
    .join('');
  return appSecret + path + pairs + body + appSecret;
}

/** Lowercase hex HMAC-SHA256 keyed with app_secret over signInput. */
export function signRequest(
  appSecret: string,
  path: string,
  query: Record<string, string>,
  body = '',
): string {
  return createHmac('sha256', appSecret)
    .update(signInput(appSecret, path, query, body))
    .digest('hex');
}

/** Webhook `Authorization`: hex HMAC-SHA256(app_secret, app_key + raw body) (§3.5, unconfirmed). */
export function webhookSignature(appKey: string, appSecret: string, rawBody: Buffer): string {
  return createHmac('sha256', appSecret)
    .update(Buffer.concat([Buffer.from(appKey), rawBody]))
    .digest('hex');
}

export function verifyWebhookSignature(
  appKey: string,
  appSecret: string,
  rawBody: Buffer,
  header: string,
) {
  return timingSafeEqualText(webhookSignature(appKey, appSecret, rawBody), header.toLowerCase());
}
