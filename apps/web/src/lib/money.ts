import { catalogMessages, costSchema } from '@stocksync/contract';
import type { Currency } from '@/lib/api-types';

/** Spec §9: currency display uses the en-US format, default USD. */
/** An amount in a currency: the organisation's, or a channel's (any ISO 4217 code, e.g. "GBP"). */
export function formatMoney(amount: string | number, currency: Currency | string = 'USD') {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '—';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
}

/** The currency's symbol in the en-US format, e.g. "£" for GBP. */
export function currencySymbol(currency: Currency | undefined = 'USD') {
  const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** Number() would also accept "1e3", "0x10" or "Infinity"; amounts are typed as plain decimals. */
export const PLAIN_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Spec §4/§5: an empty cost becomes 0; anything else must be a plain decimal number that the
 * API's own cost schema accepts (at least 0, at most 2 decimals), with the API's messages.
 */
export function parseCost(text: string): { ok: true; cost: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, cost: 0 };
  if (!PLAIN_DECIMAL.test(trimmed)) {
    return { ok: false, error: catalogMessages.priceInvalid };
  }
  // "12.50" and "12.5" are the same amount; trailing zeros are not extra decimal places.
  const result = costSchema.safeParse(Number(trimmed));
  if (!result.success) {
    return { ok: false, error: result.error.issues[0]?.message ?? catalogMessages.priceInvalid };
  }
  return { ok: true, cost: result.data };
}
