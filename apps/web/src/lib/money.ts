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
 * The decimal mark sellers using the organisation's currency write (issue 22 item 6): a comma for
 * the euro, a point for the dollar and the pound. The organisation has no other locale setting.
 */
export function decimalMark(currency: Currency | undefined = 'USD'): ',' | '.' {
  return currency === 'EUR' ? ',' : '.';
}

/** An amount for an input field, with the organisation's decimal mark ("12,50" for the euro). */
export function formatAmountInput(amount: number, currency: Currency | undefined): string {
  return amount.toFixed(2).replace('.', decimalMark(currency));
}

const GROUPED = /^\d{1,3}(?:[.,]\d{3})+$/;

/**
 * A typed amount as a plain decimal ("1234.5"), or null. Spaces between digits are dropped. With
 * both marks, the last one is the decimal mark and the other groups thousands ("1.234,50",
 * "1,234.50"). With one mark: the organisation's thousands mark before exactly three digits groups
 * them ("1,250" in dollars, "1.250" in euros); otherwise a single mark is a decimal mark whichever
 * it is, since nobody writes "12,50" or "12.50" meaning anything else.
 */
export function normaliseAmount(text: string, currency: Currency | undefined): string | null {
  const compact = text.trim().replace(/(\d)[\s\u00a0\u202f]+(?=\d)/g, '$1');
  const sign = /^[+-]/.test(compact) ? compact.charAt(0) : '';
  const body = compact.slice(sign.length);
  const last = Math.max(body.lastIndexOf(','), body.lastIndexOf('.'));
  if (last === -1) return PLAIN_DECIMAL.test(compact) ? compact : null;
  const whole = body.slice(0, last);
  const fraction = body.slice(last + 1);
  const thousands = decimalMark(currency) === ',' ? '.' : ',';
  const onlyMark = !/[.,]/.test(whole);
  if (onlyMark && body[last] === thousands && /^\d{3}$/.test(fraction) && /^\d{1,3}$/.test(whole))
    return `${sign}${whole}${fraction}`;
  if (!/^\d*$/.test(fraction)) return null;
  if (!onlyMark && (!GROUPED.test(whole) || whole.includes(body[last]!))) return null;
  const amount = `${sign}${whole.replace(/[.,]/g, '')}.${fraction}`;
  return PLAIN_DECIMAL.test(amount) ? amount : null;
}

/**
 * Spec §4/§5: an empty cost becomes 0; anything else must be an amount (in the organisation's
 * way of writing it, see normaliseAmount) that the API's own cost schema accepts (at least 0, at
 * most 2 decimals), with the API's messages and, when it does not read as an amount, how to write
 * one.
 */
export function parseCost(
  text: string,
  currency?: Currency,
): { ok: true; cost: number } | { ok: false; error: string; hint?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, cost: 0 };
  const amount = normaliseAmount(trimmed, currency);
  if (amount === null) {
    const example = decimalMark(currency) === ',' ? '12,50' : '12.50';
    return { ok: false, error: catalogMessages.priceInvalid, hint: `Write it like ${example}.` };
  }
  // "12.50" and "12.5" are the same amount; trailing zeros are not extra decimal places.
  const result = costSchema.safeParse(Number(amount));
  if (!result.success) {
    return { ok: false, error: result.error.issues[0]?.message ?? catalogMessages.priceInvalid };
  }
  return { ok: true, cost: result.data };
}
