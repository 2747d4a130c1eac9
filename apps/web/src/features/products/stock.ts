import {
  quantitySchema,
  syncMessages,
  type LedgerEntry,
  type Platform,
  type VariantListing,
} from '@stocksync/contract';
import { channelName } from '@/lib/channels';
import { PLAIN_DECIMAL } from '@/lib/money';

/**
 * A master quantity typed by the seller: a whole number the API's own quantity schema accepts,
 * with the API's messages. Decimals, exponents and words are "not a whole number".
 */
export function parseQuantity(
  text: string,
): { ok: true; value: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed)) {
    return { ok: false, error: syncMessages.quantityInvalid };
  }
  const result = quantitySchema.safeParse(Number(trimmed));
  if (!result.success) {
    return { ok: false, error: result.error.issues[0]?.message ?? syncMessages.quantityInvalid };
  }
  return { ok: true, value: result.data };
}

function channel(platform: Platform | null, alias: string | null) {
  if (!platform) return alias ?? '';
  return alias ? `${channelName(platform)} (${alias})` : channelName(platform);
}

/**
 * Why a quantity changed, in words: "Order #1003 on Shopify (shop)", "Order 12-34567-89012 on eBay
 * (ebay-uk)", "Manual edit by a@b.c". An order goes by its channel's own name or number.
 */
export function formatCause(
  entry: Pick<LedgerEntry, 'cause' | 'platform' | 'alias' | 'order_name' | 'user_email'>,
): string {
  const where = channel(entry.platform, entry.alias);
  switch (entry.cause) {
    case 'order': {
      const order = entry.order_name ? `Order ${entry.order_name}` : 'Order';
      return where ? `${order} on ${where}` : order;
    }
    case 'channel_edit':
      return where ? `Edited on ${where}` : 'Edited on a channel';
    case 'manual':
      return entry.user_email ? `Manual edit by ${entry.user_email}` : 'Manual edit';
    case 'import':
      return where ? `Import from ${where}` : 'Import';
    case 'import_undo':
      return where ? `Import from ${where} undone` : 'Import undone';
    case 'reconciliation':
      return where ? `Reconciliation with ${where}` : 'Reconciliation';
  }
}

/** A signed change: "+3", "-2", "0". */
export function formatDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : String(delta);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "2 min ago", "3 h ago", "1 day ago", "5 days ago"; older: the date. */
export function relativeTime(iso: string, now: number): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const elapsed = Math.max(0, now - time);
  if (elapsed < 45_000) return 'just now';
  if (elapsed < HOUR) return `${Math.max(1, Math.round(elapsed / MINUTE))} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  return new Date(time).toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/** The exact time for a title attribute. */
export function exactTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
}

/** Why pushes do not reach a listing, or null when they do. */
export function listingSyncNote(
  listing: Pick<VariantListing, 'status' | 'sync_enabled'>,
): string | null {
  if (listing.status === 'disconnected') return 'Account disconnected: not syncing';
  if (listing.status === 'needs_reauth') return 'Account needs re-authorisation: not syncing';
  if (!listing.sync_enabled) return 'Sync is off for this account';
  return null;
}

/** Poll the listings while a push is on its way, so the seller sees it settle. */
export const PENDING_REFETCH_MS = 2_000;

export function listingsRefetchInterval(
  listings: Pick<VariantListing, 'push_pending'>[] | undefined,
): number | false {
  return listings?.some((listing) => listing.push_pending) ? PENDING_REFETCH_MS : false;
}
