/**
 * Query parameters whose values are secrets or single-use credentials: OAuth codes and states
 * (Shopify, eBay, TikTok callbacks), Shopify's hmac, invitation and API tokens, signatures.
 */
const SENSITIVE_PARAMS = [
  'code',
  'auth_code',
  'state',
  'hmac',
  'signature',
  'sig',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'password',
  'secret',
  'api_key',
  'apikey',
];

export const REDACTED = '[redacted]';

// A sensitive name after ? or &, then its value up to the next separator or the end of the URL.
const SENSITIVE_QUERY = new RegExp(`([?&](?:${SENSITIVE_PARAMS.join('|')})=)[^&#\\s"'<>]*`, 'gi');

/** `text` with the value of every sensitive query parameter in it replaced by [redacted]. */
export function redactSecrets(text: string): string {
  return text.replace(SENSITIVE_QUERY, `$1${REDACTED}`);
}
