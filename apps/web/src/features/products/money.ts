import type { Currency } from '@/lib/api-types';

/** Spec §9: currency display uses the en-US format, default USD. */
export function formatMoney(amount: string | number, currency: Currency | undefined = 'USD') {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '—';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
}

/** The currency's symbol in the en-US format, e.g. "£" for GBP. */
export function currencySymbol(currency: Currency | undefined = 'USD') {
  const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

export const costMessages = {
  invalid: 'Price must be a valid amount (max 2 decimal places)',
  negative: 'Price must be greater than or equal to 0',
} as const;

/**
 * Spec §4/§5: an empty cost becomes 0; otherwise a number with at most 2 decimals, at least 0.
 * The server applies the same rules with the same messages.
 */
export function parseCost(text: string): { ok: true; cost: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, cost: 0 };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed))
    return { ok: false, error: costMessages.invalid };
  const cost = Number(trimmed);
  if (!Number.isFinite(cost)) return { ok: false, error: costMessages.invalid };
  if (cost < 0) return { ok: false, error: costMessages.negative };
  const decimals = trimmed.split('.')[1]?.replace(/0+$/, '') ?? '';
  if (decimals.length > 2) return { ok: false, error: costMessages.invalid };
  return { ok: true, cost };
}
