import { quantityConflictSchema, syncMessages, type QuantityConflict } from '@stocksync/contract';
import { isApiError } from '@/lib/api-client';
import { formatCause, relativeTime } from './stock';

/**
 * A change typed in the "+/−" field: a signed whole number ("+5", "-2", "5"), not 0. The API's
 * limits apply (±1,000,000); its messages are used.
 */
export function parseAdjustment(
  text: string,
): { ok: true; value: number } | { ok: false; error: string } {
  const trimmed = text.trim().replace(/^\u2212/, '-');
  if (!/^[+-]?\d+$/.test(trimmed)) return { ok: false, error: syncMessages.adjustInvalid };
  const value = Number(trimmed);
  if (value === 0) return { ok: false, error: syncMessages.adjustZero };
  if (Math.abs(value) > 1_000_000) return { ok: false, error: syncMessages.adjustTooLarge };
  return { ok: true, value };
}

/** The 409 body of a quantity edit, when that is what the error is. */
export function quantityConflictOf(error: unknown): QuantityConflict | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = quantityConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** One change in words: "Order on eBay (main) #1003: sold 2, 1 min ago". */
export function describeChange(entry: QuantityConflict['changes'][number], now: number): string {
  const amount =
    entry.cause === 'order'
      ? `sold ${-entry.delta}`
      : entry.delta >= 0
        ? `+${entry.delta}`
        : String(entry.delta);
  return `${formatCause(entry)}: ${amount}, ${relativeTime(entry.created_at, now)}`;
}
