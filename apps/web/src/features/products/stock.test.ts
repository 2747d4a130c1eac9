import { describe, expect, it } from 'vitest';
import { syncMessages } from '@stocksync/contract';
import {
  formatCause,
  formatDelta,
  listingSyncNote,
  listingsRefetchInterval,
  parseQuantity,
  PENDING_REFETCH_MS,
  relativeTime,
} from './stock';

const none = { platform: null, alias: null, order_name: null, user_email: null };

describe('formatCause', () => {
  it('names the order as its channel does, and its channel', () => {
    expect(
      formatCause({
        ...none,
        cause: 'order',
        platform: 'shopify',
        alias: 'shop',
        order_name: '#1003',
      }),
    ).toBe('Order #1003 on Shopify (shop)');
    expect(
      formatCause({
        ...none,
        cause: 'order',
        platform: 'ebay',
        alias: 'ebay-uk',
        order_name: '12-34567-89012',
      }),
    ).toBe('Order 12-34567-89012 on eBay (ebay-uk)');
    expect(formatCause({ ...none, cause: 'order', platform: 'tiktok', alias: 'tt' })).toBe(
      'Order on TikTok Shop (tt)',
    );
    expect(formatCause({ ...none, cause: 'order' })).toBe('Order');
  });

  it('names the channel of an edit made there', () => {
    expect(formatCause({ ...none, cause: 'channel_edit', platform: 'shopify' })).toBe(
      'Edited on Shopify',
    );
    expect(
      formatCause({ ...none, cause: 'channel_edit', platform: 'shopify', alias: 'main-store' }),
    ).toBe('Edited on Shopify (main-store)');
    expect(formatCause({ ...none, cause: 'channel_edit' })).toBe('Edited on a channel');
  });

  it('names the user of a manual edit', () => {
    expect(formatCause({ ...none, cause: 'manual', user_email: 'ann@example.com' })).toBe(
      'Manual edit by ann@example.com',
    );
    expect(formatCause({ ...none, cause: 'manual' })).toBe('Manual edit');
  });

  it('words imports and reconciliation', () => {
    expect(formatCause({ ...none, cause: 'import' })).toBe('Import');
    expect(formatCause({ ...none, cause: 'import', platform: 'ebay', alias: 'uk' })).toBe(
      'Import from eBay (uk)',
    );
    expect(formatCause({ ...none, cause: 'reconciliation' })).toBe('Reconciliation');
    expect(formatCause({ ...none, cause: 'reconciliation', platform: 'shopify' })).toBe(
      'Reconciliation with Shopify',
    );
  });
});

describe('formatDelta', () => {
  it('signs the change', () => {
    expect(formatDelta(3)).toBe('+3');
    expect(formatDelta(-2)).toBe('-2');
    expect(formatDelta(0)).toBe('0');
  });
});

describe('parseQuantity', () => {
  it('accepts whole numbers from 0 to the maximum', () => {
    expect(parseQuantity(' 7 ')).toEqual({ ok: true, value: 7 });
    expect(parseQuantity('0')).toEqual({ ok: true, value: 0 });
    expect(parseQuantity('5.0')).toEqual({ ok: true, value: 5 });
    expect(parseQuantity('1000000')).toEqual({ ok: true, value: 1_000_000 });
  });

  it('answers with the API messages', () => {
    expect(parseQuantity('1.5')).toEqual({ ok: false, error: syncMessages.quantityInvalid });
    expect(parseQuantity('')).toEqual({ ok: false, error: syncMessages.quantityInvalid });
    expect(parseQuantity('ten')).toEqual({ ok: false, error: syncMessages.quantityInvalid });
    expect(parseQuantity('1e3')).toEqual({ ok: false, error: syncMessages.quantityInvalid });
    expect(parseQuantity('-1')).toEqual({ ok: false, error: syncMessages.quantityNegative });
    expect(parseQuantity('1000001')).toEqual({ ok: false, error: syncMessages.quantityTooLarge });
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('words recent times', () => {
    expect(relativeTime('2026-03-01T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-03-01T12:00:10Z', now)).toBe('just now');
    expect(relativeTime('2026-03-01T11:58:00Z', now)).toBe('2 min ago');
    expect(relativeTime('2026-03-01T09:00:00Z', now)).toBe('3 h ago');
    expect(relativeTime('2026-02-28T11:00:00Z', now)).toBe('1 day ago');
    expect(relativeTime('2026-02-20T12:00:00Z', now)).toBe('9 days ago');
  });

  it('gives the date for old times and the text for unparsable ones', () => {
    expect(relativeTime('2025-12-01T12:00:00Z', now)).toBe('Dec 1, 2025');
    expect(relativeTime('soon', now)).toBe('soon');
  });
});

describe('listingSyncNote', () => {
  it('says why pushes do not reach a listing', () => {
    expect(listingSyncNote({ status: 'active', sync_enabled: true })).toBeNull();
    expect(listingSyncNote({ status: 'active', sync_enabled: false })).toBe(
      'Sync is off for this account',
    );
    expect(listingSyncNote({ status: 'needs_reauth', sync_enabled: true })).toMatch(
      /re-authorisation/,
    );
    expect(listingSyncNote({ status: 'disconnected', sync_enabled: false })).toMatch(
      /disconnected/,
    );
  });
});

describe('listingsRefetchInterval', () => {
  it('polls only while a push is pending', () => {
    expect(listingsRefetchInterval(undefined)).toBe(false);
    expect(listingsRefetchInterval([{ push_pending: false }])).toBe(false);
    expect(listingsRefetchInterval([{ push_pending: false }, { push_pending: true }])).toBe(
      PENDING_REFETCH_MS,
    );
  });
});
