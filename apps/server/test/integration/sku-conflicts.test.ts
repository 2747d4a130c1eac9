import type { SkuConflict, SkuConflictsResponse } from '@stocksync/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orgCall } from './catalog-fixtures';
import { runDueJobs } from '../support/jobs';
import { conflictsOf, sendSkus, setSku } from '../support/sku-writeback';
import { startSyncedOrg, type SyncedOrg } from '../support/synced-org';

/**
 * GET /v1/sku-conflicts (issue 25 item 2, ADR 0055) on an organisation importing the three
 * emulated channels: SKUs changed here make mismatches and listings carrying another variant's
 * SKU; a seller edit on TikTok re-imported makes two listings of one account share a SKU; sending
 * our SKU fixes what the channel allows.
 */

let org: SyncedOrg;

beforeAll(async () => {
  org = await startSyncedOrg();
}, 120_000);

afterAll(async () => {
  await org?.close();
});

const conflicts = (query = '') => conflictsOf(org, query);

it('lists as blanks the variants imported without a SKU; generating and sending SKUs clears them', async () => {
  const { conflicts: found } = await conflicts();
  const { rows } = await sql<{ id: string; product_id: string }>`
    SELECT DISTINCT pv.id, pv.product_id FROM product_variants pv
    JOIN channel_listings cl ON cl.variant_id = pv.id
    WHERE pv.organization_id = ${org.user.firstOrgId} AND pv.sku = ''`.execute(org.t.db.db);
  expect(rows.length).toBeGreaterThan(0);
  expect(found.every((f) => f.kind === 'blank')).toBe(true);
  expect(found.map((f) => f.variant!.id).sort()).toEqual(rows.map((r) => r.id).sort());
  for (const blank of found) {
    expect(blank.fixes).toEqual(['generate']);
    expect(blank.listings.every((l) => l.channel_sku === '')).toBe(true);
  }

  const generated = await orgCall(org.t, org.user, 'POST', '/v1/users/sku-settings/generate', {
    ids: [...new Set(rows.map((r) => r.product_id))],
    all_selected: false,
  });
  expect(generated.statusCode).toBe(200);
  const sent = await sendSkus(
    org,
    rows.map((r) => r.id),
  );
  expect(sent.statusCode).toBe(202);
  await runDueJobs(org.t);
  expect(await conflicts()).toMatchObject({ conflicts: [], total: 0 });
});

it('finds mismatches and listings carrying another variant’s SKU, with their fixes, paged', async () => {
  const [a, c, d] = [org.linked[0]!, org.linked[1]!, org.linked[2]!];
  expect((await setSku(org, a.variantId, 'MISMATCH-1')).statusCode).toBe(200);
  // c's old SKU moves to d: c's listings now carry d's SKU, and d's listings an unknown one.
  expect((await setSku(org, c.variantId, 'TEMP-C')).statusCode).toBe(200);
  expect((await setSku(org, d.variantId, c.sku)).statusCode).toBe(200);

  const { conflicts: found, total } = await conflicts();
  expect(total).toBe(found.length);
  const mismatches = found.filter((f) => f.kind === 'mismatch');
  expect(mismatches.map((m) => m.variant!.id).sort()).toEqual([a.variantId, d.variantId].sort());
  const ofA = mismatches.find((m) => m.variant!.id === a.variantId)!;
  expect(ofA).toMatchObject({ sku: 'MISMATCH-1', fixes: ['push_ours', 'take_channel'] });
  expect(ofA.listings.map((l) => l.platform).sort()).toEqual(['ebay', 'shopify', 'tiktok']);
  expect(new Set(ofA.listings.map((l) => l.channel_sku))).toEqual(new Set([a.sku]));

  const other = found.filter((f) => f.kind === 'belongs_to_other_variant');
  expect(other).toHaveLength(3);
  for (const row of other) {
    expect(row).toMatchObject({
      sku: c.sku,
      variant: { id: c.variantId, sku: 'TEMP-C' },
      other_variant: { id: d.variantId, sku: c.sku },
      fixes: ['link', 'unlink', 'push_ours'],
    });
  }

  const firstPage = await orgCall(org.t, org.user, 'GET', '/v1/sku-conflicts?pageSize=2&page=1');
  const secondPage = await orgCall(org.t, org.user, 'GET', '/v1/sku-conflicts?pageSize=2&page=2');
  const ids = (res: typeof firstPage) =>
    res.json<{ conflicts: SkuConflict[] }>().conflicts.map((f) => f.listings[0]!.listing_id);
  expect(firstPage.json()).toMatchObject({ total, page: 1, pageSize: 2 });
  expect(ids(firstPage)).toHaveLength(2);
  expect(ids(secondPage).some((id) => ids(firstPage).includes(id))).toBe(false);
  const onlyOther = await conflicts('&kind=belongs_to_other_variant');
  expect(onlyOther.total).toBe(3);
});

it('pages walked one after another are the whole list in its order, across kinds and past the end', async () => {
  // A page starts each kind where the kept counts say it does (docs/decisions/0057).
  const all = await orgCall(org.t, org.user, 'GET', '/v1/sku-conflicts?pageSize=100');
  const { conflicts: every, counts } = all.json<SkuConflictsResponse>();
  expect(new Set(every.map((c) => c.kind)).size).toBeGreaterThan(1);
  for (const [kind, size] of [
    ['', 1],
    ['', 2],
    ['', 3],
    ['&kind=mismatch', 1],
  ] as const) {
    const walked: string[] = [];
    const expected = every.filter((c) => kind === '' || `&kind=${c.kind}` === kind);
    for (let page = 1; page <= Math.ceil(expected.length / size) + 1; page++) {
      const res = await orgCall(
        org.t,
        org.user,
        'GET',
        `/v1/sku-conflicts?pageSize=${size}&page=${page}${kind}`,
      );
      const body = res.json<SkuConflictsResponse>();
      expect(body).toMatchObject({ counts, total: expected.length });
      walked.push(...body.conflicts.map((c) => c.id));
    }
    expect(walked).toEqual(expected.map((c) => c.id));
  }
});

it('sending our SKU fixes the mismatch on Shopify and TikTok; eBay keeps it (its key)', async () => {
  const a = org.linked[0]!;
  const sent = await sendSkus(org, [a.variantId]);
  expect(sent.statusCode).toBe(202);
  await runDueJobs(org.t);
  const left = (await conflicts('&kind=mismatch')).conflicts.find(
    (f) => f.variant!.id === a.variantId,
  )!;
  expect(left.listings.map((l) => l.platform)).toEqual(['ebay']);
});

it('two listings of one account sharing a SKU after a seller edit on TikTok are duplicates', async () => {
  const store = org.ch.tiktok.store;
  const refs = [...store.skus.values()].filter((r) => r.sku.seller_sku !== '');
  const [first, second] = [refs[0]!, refs[1]!];
  store.setSellerSku(second, first.sku.seller_sku);
  const started = await orgCall(org.t, org.user, 'POST', '/v1/import/tiktok', {
    pc_id: org.pc.tiktok,
    all: true,
  });
  expect(started.statusCode).toBe(202);
  await runDueJobs(org.t);
  const dup = (await conflicts('&kind=duplicate_on_account')).conflicts;
  expect(dup).toHaveLength(1);
  expect(dup[0]).toMatchObject({ sku: first.sku.seller_sku, variant: null, fixes: ['push_ours'] });
  expect(dup[0]!.listings.map((l) => l.connection_id)).toEqual([org.pc.tiktok, org.pc.tiktok]);
});

it('refuses an unknown kind naming it', async () => {
  const res = await orgCall(org.t, org.user, 'GET', '/v1/sku-conflicts?kind=nope');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ field: 'kind' });
});
