import { describe, expect, it } from 'vitest';
import type { PlatformConnection } from '@stocksync/contract';
import { channelAccountTargets } from './channel-account-targets';

const connection = (alias: string, over: Partial<PlatformConnection> = {}): PlatformConnection => ({
  id: `00000000-0000-4000-8000-00000000000${alias.length}`,
  platform: 'shopify',
  alias,
  status: 'active',
  sync_enabled: true,
  sandbox: true,
  username: null,
  shop_domain: `${alias}.myshopify.com`,
  marketplace_id: null,
  refresh_token_expiry: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe("Settings' Account and Import targets", () => {
  it('lead to the integrations screen when no account is connected', () => {
    expect(channelAccountTargets([])).toEqual({ kind: 'none' });
    expect(channelAccountTargets([connection('gone', { status: 'disconnected' })])).toEqual({
      kind: 'none',
    });
  });

  it("lead to the one connected account's screens", () => {
    const shop = connection('shop');
    expect(channelAccountTargets([shop, connection('old', { status: 'disconnected' })])).toEqual({
      kind: 'one',
      connection: shop,
    });
  });

  it('offer a chooser, oldest first, when several accounts are connected', () => {
    const later = connection('later', { created_at: '2026-02-01T00:00:00.000Z' });
    const first = connection('first', { platform: 'ebay', status: 'needs_reauth' });
    expect(channelAccountTargets([later, first])).toEqual({
      kind: 'several',
      connections: [first, later],
    });
  });
});
