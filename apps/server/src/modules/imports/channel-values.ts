/** A channel's values as our columns hold them. */

const MAX_PRICE = 9_999_999_999.99;
const MAX_TITLE = 500;
const MAX_SKU = 100;

/** A channel's price as our numeric(12, 2) holds it; 0.00 for what it cannot. */
export function money(value: string): string {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > MAX_PRICE) return '0.00';
  return n.toFixed(2);
}

/** A channel's currency as an ISO 4217 code; null when it gave none we can read. */
export function currencyOf(value: string | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{3}$/.test(code) ? code : null;
}

export function cleanSku(value: string): string {
  const sku = value.trim();
  // Longer than the column allows: not a SKU we can link by; the variant is imported without one.
  return sku.length > MAX_SKU ? '' : sku;
}

/** A title cut to what the column holds. */
export const clip = (value: string, max = MAX_TITLE) =>
  value.length > max ? value.slice(0, max) : value;

/** A channel's quantity as the int column holds it. */
export const quantity = (value: number) =>
  Math.max(-2_147_483_648, Math.min(2_147_483_647, Math.trunc(value)));
