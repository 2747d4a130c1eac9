import type { ShopifyConfigInput } from '@stocksync/channels';
import { sql } from 'kysely';
import type { Db } from '../../src/db/client';
import { expect } from 'vitest';
import { createQueue, type Queue } from '../../src/jobs/queue';
import type { SyncSettings } from '../../src/modules/sync/service';
import { orgCall } from '../integration/catalog-fixtures';
import { createTestApp, signIn, type SignedInUser, type TestApp } from './app';
import { connectOAuth, connectShopify, startTestChannels, type TestChannels } from './channels';
import { freePort, runDueJobs } from './jobs';

export type SyncPlatform = 'shopify' | 'ebay' | 'tiktok';

/** A variant listed on all three channels. */
export interface LinkedVariant {
  variantId: string;
  productId: string;
  sku: string;
}

export interface SyncedOrg {
  t: TestApp;
  ch: TestChannels;
  queue: Queue;
  user: SignedInUser;
  /** The app's base URL (it listens there, so the emulators reach it over HTTP). */
  base: string;
  pc: Record<SyncPlatform, string>;
  linked: LinkedVariant[];
  close(): Promise<void>;
}

/**
 * One organisation with the three emulated accounts connected through OAuth, every catalogue
 * imported (shared SKUs link the variants) and sync on for the products listed everywhere. The app
 * listens on a real port so the emulators' webhooks reach it. `beforeConnect` may change the
 * emulators' settings first.
 */
export async function startSyncedOrg(
  options: {
    syncSettings?: Partial<SyncSettings>;
    beforeConnect?: (ch: TestChannels) => void;
    /** The Shopify adapter's settings (e.g. changesPageSize). */
    shopifyConfig?: Partial<ShopifyConfigInput>;
  } = {},
): Promise<SyncedOrg> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const ch = await startTestChannels({
    appUrl: base,
    // Throttles surface at once (the sync job's own short retries handle them in tests).
    overrides: {
      shopify: { bulkPollIntervalMs: 20, throttleRetries: 0, ...options.shopifyConfig },
    },
  });
  options.beforeConnect?.(ch);
  const t = await createTestApp({
    channels: ch.channels,
    config: { APP_URL: base },
    syncSettings: {
      driftSettleMs: 0,
      retry: { attempts: 4, baseDelayMs: 5, maxDelayMs: 20 },
      ...options.syncSettings,
    },
  });
  const queue = await createQueue(t.db.pool);
  await t.app.listen({ port, host: '127.0.0.1' });
  const user = await signIn(t);
  const pc = {
    shopify: await connectShopify(t, user),
    ebay: await connectOAuth(t, user, 'ebay'),
    tiktok: await connectOAuth(t, user, 'tiktok'),
  };
  for (const platform of ['shopify', 'ebay', 'tiktok'] as const) {
    const started = await orgCall(t, user, 'POST', `/v1/import/${platform}`, {
      pc_id: pc[platform],
      all: true,
    });
    expect(started.statusCode).toBe(202);
    await runDueJobs(t);
  }
  const linked = await linkedVariants(t.db.db, user.firstOrgId);
  const on = await orgCall(t, user, 'POST', '/v1/products/sync', {
    ids: [...new Set(linked.map((l) => l.productId))],
    is_synced: true,
  });
  expect(on.statusCode).toBe(200);
  return {
    t,
    ch,
    queue,
    user,
    base,
    pc,
    linked,
    async close() {
      await queue.close();
      await t.close();
      await ch.close();
    },
  };
}

/** Delivers every emulator's webhooks and runs due jobs until no listing or sync job has work left. */
export async function settle(org: SyncedOrg): Promise<void> {
  const { ch, t } = org;
  for (let round = 0; round < 30; round++) {
    await Promise.all([
      ch.shopify.settle(),
      ch.tiktok.core.webhooks.idle(),
      ch.ebay.core.webhooks.idle(),
    ]);
    await runDueJobs(t);
    const { rows } = await sql<{ n: string }>`
      SELECT (SELECT count(*) FROM channel_listings
              WHERE (push_pending OR check_pending) AND organization_id = ${org.user.firstOrgId})
           + (SELECT count(*) FROM graphile_worker.jobs
              WHERE run_at <= now() AND task_identifier LIKE 'sync%' AND attempts < max_attempts)
           AS n`.execute(t.db.db);
    if (Number(rows[0]!.n) === 0) return;
  }
  throw new Error('sync did not settle');
}

/** A variant's master quantity (product_variants.available_qty). */
export async function masterQty(org: SyncedOrg, variantId: string): Promise<number> {
  const row = await org.t.db.db
    .selectFrom('product_variants')
    .select('available_qty')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return row.available_qty;
}

/** The organisation's variants listed on all three channels, by SKU. */
export async function linkedVariants(
  db: Db,
  organizationId: string,
): Promise<Array<{ variantId: string; productId: string; sku: string }>> {
  const { rows } = await sql<{ variant_id: string; product_id: string; sku: string }>`
    SELECT pv.id AS variant_id, pv.product_id, pv.sku
    FROM product_variants pv JOIN channel_listings cl ON cl.variant_id = pv.id
    WHERE pv.organization_id = ${organizationId}
    GROUP BY pv.id HAVING count(DISTINCT cl.connection_id) = 3
    ORDER BY pv.sku`.execute(db);
  return rows.map((r) => ({ variantId: r.variant_id, productId: r.product_id, sku: r.sku }));
}

/** A variant's ledger entries (cause, delta, connection), oldest first. */
export function ledgerOf(org: SyncedOrg, variantId: string) {
  return org.t.db.db
    .selectFrom('inventory_ledger')
    .select(['cause', 'delta', 'connection_id'])
    .where('variant_id', '=', variantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A variant's master and what eBay and TikTok Shop hold of its SKU. */
export async function everywhere(org: SyncedOrg, variantId: string, sku: string) {
  const tiktok = org.ch.tiktok.store;
  return {
    master: await masterQty(org, variantId),
    ebay: org.ch.ebay.store.quantityOf(sku),
    tiktok: tiktok.total(tiktok.resolve({ sellerSku: sku }).sku),
  };
}
