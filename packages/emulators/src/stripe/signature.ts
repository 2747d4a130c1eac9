import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stripe webhook signatures (docs/channels §4.4): `Stripe-Signature: t=<unix seconds>,v1=<hex>`,
 * where v1 = lowercase hex HMAC-SHA256 of `${t}.${rawBody}` keyed with the endpoint secret.
 */
export function computeV1Signature(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

export function stripeSignatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${computeV1Signature(secret, timestamp, rawBody)}`;
}

/**
 * Verifies a header the way stripe-node's constructEvent does (any v1 matches, constant-time
 * compare, optional timestamp tolerance in seconds). Used by tests and by anyone who wants to check
 * a delivery without the stripe package.
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string,
  secret: string,
  options: { toleranceSeconds?: number; nowSeconds?: number } = {},
): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isFinite(t) || signatures.length === 0) return false;
  const expected = Buffer.from(computeV1Signature(secret, t, rawBody), 'utf8');
  const matched = signatures.some((s) => {
    const given = Buffer.from(s, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matched) return false;
  const tolerance = options.toleranceSeconds ?? 0;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  return tolerance <= 0 || now - t <= tolerance;
}
