import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orgCall } from './catalog-fixtures';
import { runDueJobs } from '../support/jobs';
import {
  conflictsFromListings,
  countsOf,
  keptConflicts,
  keptCounts,
  type KeptConflict,
} from '../support/sku-conflicts-kept';
import { listingOn, sendSkus, setSku } from '../support/sku-writeback';
import { startSyncedOrg, type SyncedOrg } from '../support/synced-org';

/**
 * The SKU conflicts kept by triggers (docs/decisions/0057) equal, after every path that changes a
 * listing's channel SKU or link or a variant's SKU, the conflicts read from every listing as the
 * finder did before. Each step also changes the conflicts, so a path that forgot them fails.
 */

let org: SyncedOrg;
let seen: KeptConflict[] = [];

beforeAll(async () => {
  org = await startSyncedOrg();
}, 120_000);

afterAll(async () => {
  await org?.close();
});

const db = () => org.t.db.db;
const orgId = () => org.user.firstOrgId;

/** The kept conflicts equal the ones read from the listings, and differ from the last step's. */
async function expectKeptAfterChange(): Promise<KeptConflict[]> {
  const kept = await keptConflicts(db(), orgId());
  expect(kept).toEqual(await conflictsFromListings(db(), orgId()));
  expect(await keptCounts(db(), orgId())).toEqual(countsOf(kept));
  expect(kept).not.toEqual(seen);
  seen = kept;
  return kept;
}

const kinds = (rows: KeptConflict[]) => new Set(rows.map((r) => r.kind));

it('an import keeps the blanks of the variants it brought without a SKU', async () => {
  expect(kinds(await expectKeptAfterChange())).toEqual(new Set(['blank']));
});

it('a SKU edit, and a SKU moved to another variant, keep mismatches and listings carrying it', async () => {
  const [a, c, d] = [org.linked[0]!, org.linked[1]!, org.linked[2]!];
  expect((await setSku(org, a.variantId, 'KEPT-MISMATCH')).statusCode).toBe(200);
  expect(kinds(await expectKeptAfterChange())).toContain('mismatch');
  expect((await setSku(org, c.variantId, 'KEPT-TEMP-C')).statusCode).toBe(200);
  await expectKeptAfterChange();
  expect((await setSku(org, d.variantId, c.sku)).statusCode).toBe(200);
  expect(kinds(await expectKeptAfterChange())).toContain('belongs_to_other_variant');
});

it('SKU generation, then the write-back results, keep the blanks', async () => {
  const { rows } = await sql<{ id: string; product_id: string }>`
    SELECT DISTINCT pv.id, pv.product_id FROM product_variants pv
    JOIN channel_listings cl ON cl.variant_id = pv.id
    WHERE pv.organization_id = ${orgId()} AND pv.sku = ''`.execute(db());
  expect(rows.length).toBeGreaterThan(0);
  const generated = await orgCall(org.t, org.user, 'POST', '/v1/users/sku-settings/generate', {
    ids: [...new Set(rows.map((r) => r.product_id))],
    all_selected: false,
  });
  expect(generated.statusCode).toBe(200);
  await expectKeptAfterChange();
  expect(
    (
      await sendSkus(
        org,
        rows.map((r) => r.id),
      )
    ).statusCode,
  ).toBe(202);
  await runDueJobs(org.t);
  expect(kinds(await expectKeptAfterChange())).not.toContain('blank');
});

it('unlinking and linking a listing keep the conflicts of both variants', async () => {
  const [c, d] = [org.linked[1]!, org.linked[2]!];
  const dEbay = (await listingOn(org, d.variantId, 'ebay'))!;
  const unlinked = await orgCall(org.t, org.user, 'POST', `/v1/listings/${dEbay.id}/unlink`);
  expect(unlinked.statusCode, unlinked.body).toBe(200);
  await expectKeptAfterChange();
  const cEbay = (await listingOn(org, c.variantId, 'ebay'))!;
  const linked = await orgCall(org.t, org.user, 'POST', `/v1/listings/${cEbay.id}/link`, {
    variant_id: d.variantId,
  });
  expect(linked.statusCode, linked.body).toBe(200);
  await expectKeptAfterChange();
});

it('a re-import bringing a seller’s SKU edit keeps the duplicate it makes', async () => {
  const store = org.ch.tiktok.store;
  const refs = [...store.skus.values()].filter((r) => r.sku.seller_sku !== '');
  store.setSellerSku(refs[1]!, refs[0]!.sku.seller_sku);
  const started = await orgCall(org.t, org.user, 'POST', '/v1/import/tiktok', {
    pc_id: org.pc.tiktok,
    all: true,
  });
  expect(started.statusCode).toBe(202);
  await runDueJobs(org.t);
  expect(kinds(await expectKeptAfterChange())).toContain('duplicate_on_account');
});

it('inserting, updating and deleting listings, and adding or removing the variant a SKU belongs to, keep them', async () => {
  const a = org.linked[0]!;
  const listing = await db()
    .selectFrom('channel_listings')
    .selectAll()
    .where('variant_id', '=', a.variantId)
    .where('connection_id', '=', org.pc.shopify)
    .executeTakeFirstOrThrow();
  await db().deleteFrom('channel_listings').where('id', '=', listing.id).execute();
  await expectKeptAfterChange();
  await db()
    .insertInto('channel_listings')
    .values({ ...listing, channel_sku: 'KEPT-INSERTED' })
    .execute();
  await expectKeptAfterChange();
  // The variant's own SKU but for case (no conflict), then another one (a mismatch again).
  for (const channelSku of ['kept-mismatch', 'kept-owned']) {
    await db()
      .updateTable('channel_listings')
      .set({ channel_sku: channelSku })
      .where('id', '=', listing.id)
      .execute();
    await expectKeptAfterChange();
  }
  // A variant added with the SKU the listing holds (another case): it belongs to that one now.
  const variant = await db()
    .insertInto('product_variants')
    .values({ organization_id: orgId(), product_id: a.productId, title: 'Kept', sku: 'KEPT-OWNED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const kept = await expectKeptAfterChange();
  expect(kept).toContainEqual(
    expect.objectContaining({ kind: 'belongs_to_other_variant', other_variant_id: variant.id }),
  );
  await db().deleteFrom('product_variants').where('id', '=', variant.id).execute();
  await expectKeptAfterChange();
});

it('quantity and push bookkeeping note nothing; a channel SKU or a variant SKU does', async () => {
  const a = org.linked[0]!;
  const noted = await db()
    .transaction()
    .execute(async (trx) => {
      const count = async () =>
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM sku_conflicts_stale`.execute(trx))
          .rows[0]!.n;
      await sql`UPDATE product_variants SET available_qty = available_qty + 1
                WHERE id = ${a.variantId}`.execute(trx);
      await sql`UPDATE channel_listings SET channel_qty = 7, seen_qty = 7, push_pending = true,
                  push_seq = push_seq + 1 WHERE variant_id = ${a.variantId}`.execute(trx);
      // Written as it is: named in SET, not changed.
      await sql`UPDATE channel_listings SET channel_sku = channel_sku
                WHERE variant_id = ${a.variantId}`.execute(trx);
      const afterQuantities = await count();
      await sql`UPDATE channel_listings SET channel_sku = 'KEPT-NOTED'
                WHERE variant_id = ${a.variantId} AND connection_id = ${org.pc.tiktok}`.execute(
        trx,
      );
      await sql`UPDATE product_variants SET sku = 'KEPT-NOTED-V' WHERE id = ${a.variantId}`.execute(
        trx,
      );
      return { afterQuantities, afterSkus: await count() };
    });
  expect(noted).toEqual({ afterQuantities: 0, afterSkus: 2 });
  await expectKeptAfterChange();
});

it('two transactions changing one variant’s listings on two accounts at once keep both changes', async () => {
  const b = org.linked[3]!;
  const clients = [new pg.Client(org.t.db.url), new pg.Client(org.t.db.url)];
  await Promise.all(clients.map((c) => c.connect()));
  try {
    const [one, two] = clients as [pg.Client, pg.Client];
    await one.query('BEGIN');
    await two.query('BEGIN');
    const set = (client: pg.Client, sku: string, connection: string) =>
      client.query(
        'UPDATE channel_listings SET channel_sku = $1 WHERE variant_id = $2 AND connection_id = $3',
        [sku, b.variantId, connection],
      );
    await set(one, 'KEPT-RACE-1', org.pc.shopify);
    await set(two, 'KEPT-RACE-2', org.pc.tiktok);
    // The first writes its conflicts now (as at its commit) and holds the organisation's lock;
    // the second's commit waits for it, then reads both changes.
    await one.query('SET CONSTRAINTS ALL IMMEDIATE');
    const second = two.query('COMMIT');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await one.query('COMMIT');
    await second;
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  const kept = await expectKeptAfterChange();
  const ofB = kept.filter((k) => k.variant_id === b.variantId);
  expect(ofB).toHaveLength(1);
  expect(ofB[0]).toMatchObject({ kind: 'mismatch' });
  expect(ofB[0]!.listing_ids).toHaveLength(2);
});
