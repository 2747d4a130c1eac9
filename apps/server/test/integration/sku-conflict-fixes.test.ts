import { sql } from 'kysely';
import {
  skuConflictFixMessages,
  skuWritebackMessages,
  type SkuConflictFixesApplied,
  type SkuConflictFixesPreview,
} from '@stocksync/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orgCall } from './catalog-fixtures';
import { runDueJobs } from '../support/jobs';
import { channelSkusOf, conflictsOf, listingOn, setSku } from '../support/sku-writeback';
import { startSyncedOrg, type SyncedOrg } from '../support/synced-org';

/**
 * SKU conflict fixes in bulk after a preview, and listing links (issue 25 item 2, ADR 0057),
 * through the three emulated channels over HTTP: each fix changes what it says here, the SKUs
 * reach Shopify and TikTok through the write-back, eBay is refused with its reason, a conflict
 * fixed meanwhile or a fix that cannot apply answers per item.
 */

let org: SyncedOrg;

beforeAll(async () => {
  org = await startSyncedOrg();
}, 120_000);

afterAll(async () => {
  await org?.close();
});

const conflicts = (query = '') => conflictsOf(org, query);

async function preview(body: object) {
  const res = await orgCall(org.t, org.user, 'POST', '/v1/sku-conflicts/fixes/preview', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SkuConflictFixesPreview>();
}

async function apply(body: object) {
  const res = await orgCall(org.t, org.user, 'POST', '/v1/sku-conflicts/fixes', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SkuConflictFixesApplied>();
}

const listingOf = (variantId: string, platform: 'shopify' | 'ebay' | 'tiktok') =>
  listingOn(org, variantId, platform);

async function variantSku(variantId: string) {
  const row = await org.t.db.db
    .selectFrom('product_variants')
    .select('sku')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return row.sku;
}

it('blanks: the preview names the variants that get a generated SKU and their listings; applying sends them', async () => {
  const { conflicts: blanks } = await conflicts('&kind=blank');
  expect(blanks.length).toBeGreaterThan(0);
  const items = blanks.map((b) => ({ id: b.id, fix: 'generate' }));
  const before = await variantSku(blanks[0]!.variant!.id);
  expect(before).toBe('');

  const planned = await preview({ items });
  expect(planned.items.every((i) => i.status === 'ready')).toBe(true);
  const changed = planned.items.flatMap((i) => i.sku_changes.map((c) => c.variant.id));
  expect(changed).toEqual(expect.arrayContaining(blanks.map((b) => b.variant!.id)));
  expect(planned.items[0]!.sku_changes[0]).toMatchObject({ from: '', to: null });
  const own = planned.listings.filter((l) => l.variant_id === blanks[0]!.variant!.id);
  expect(own.length).toBe(blanks[0]!.listings.length);
  expect(own.every((l) => l.generated && l.sku === null)).toBe(true);
  // The preview changed nothing.
  expect(await variantSku(blanks[0]!.variant!.id)).toBe('');

  const applied = await apply({ items });
  expect(applied.items.map((i) => i.status)).toEqual(items.map(() => 'applied'));
  expect(applied.queued).toBeGreaterThan(0);
  const sku = await variantSku(blanks[0]!.variant!.id);
  expect(sku).not.toBe('');
  await runDueJobs(org.t);
  expect((await conflicts('&kind=blank')).total).toBe(0);

  // Applied again, each item is reported as gone, not an error.
  const again = await apply({ items });
  expect(again.items.every((i) => i.status === 'gone')).toBe(true);
  expect(again.items[0]!.message).toBe(skuConflictFixMessages.gone);
});

it('mismatch, push_ours: Shopify and TikTok get our SKU, eBay is refused with its reason', async () => {
  const b = org.linked[1]!;
  expect((await setSku(org, b.variantId, 'FIX-OURS-1')).statusCode).toBe(200);
  const mismatch = (await conflicts('&kind=mismatch')).conflicts.find(
    (c) => c.variant!.id === b.variantId,
  )!;
  expect(mismatch.fixes).toEqual(['push_ours', 'take_channel']);

  const planned = await preview({ items: [{ id: mismatch.id, fix: 'push_ours' }] });
  const byPlatform = Object.fromEntries(planned.listings.map((l) => [l.platform, l]));
  expect(byPlatform.shopify).toMatchObject({ action: 'push', sku: 'FIX-OURS-1' });
  expect(byPlatform.tiktok).toMatchObject({ action: 'push', sku: 'FIX-OURS-1' });
  expect(byPlatform.ebay).toMatchObject({
    action: 'refused',
    reason: skuWritebackMessages.ebaySkuIsKey,
  });

  const applied = await apply({ items: [{ id: mismatch.id, fix: 'push_ours' }] });
  expect(applied).toMatchObject({ queued: 2, refused: 1 });
  expect(applied.items[0]).toMatchObject({ status: 'applied', message: null });
  await runDueJobs(org.t);
  expect(await channelSkusOf(org, b.variantId)).toEqual({
    shopify: 'FIX-OURS-1',
    tiktok: 'FIX-OURS-1',
  });
  const left = (await conflicts('&kind=mismatch')).conflicts.find(
    (c) => c.variant!.id === b.variantId,
  )!;
  expect(left.listings.map((l) => l.platform)).toEqual(['ebay']);
});

it('mismatch, take_channel: the variant gets the SKU its listings hold, nothing to send', async () => {
  const a = org.linked[0]!;
  expect((await setSku(org, a.variantId, 'TYPO-A')).statusCode).toBe(200);
  const mismatch = (await conflicts('&kind=mismatch')).conflicts.find(
    (c) => c.variant!.id === a.variantId,
  )!;
  const planned = await preview({ items: [{ id: mismatch.id, fix: 'take_channel' }] });
  expect(planned.items[0]!.sku_changes).toEqual([
    { variant: expect.objectContaining({ id: a.variantId }), from: 'TYPO-A', to: a.sku },
  ]);
  expect(planned.listings.every((l) => l.action === 'unchanged')).toBe(true);

  const applied = await apply({ items: [{ id: mismatch.id, fix: 'take_channel' }] });
  expect(applied.items[0]!.status).toBe('applied');
  expect(applied.queued).toBe(0);
  expect(await variantSku(a.variantId)).toBe(a.sku);
  expect(
    (await conflicts('&kind=mismatch')).conflicts.some((c) => c.variant!.id === a.variantId),
  ).toBe(false);
});

it('a duplicate on one TikTok account: all selected of that kind sends each listing its own variant’s SKU', async () => {
  const store = org.ch.tiktok.store;
  // Two TikTok listings holding their own variant's SKU, of variants no other test here changes.
  const changed = org.linked.slice(0, 4).map((l) => l.variantId);
  const { rows } = await sql<{ external_variant_id: string }>`
    SELECT cl.external_variant_id FROM channel_listings cl
    JOIN product_variants pv ON pv.id = cl.variant_id
    WHERE cl.connection_id = ${org.pc.tiktok} AND cl.channel_sku = pv.sku AND pv.sku <> ''
      AND NOT (pv.id = ANY(${changed}::uuid[]))
    ORDER BY pv.sku LIMIT 2`.execute(org.t.db.db);
  const [first, second] = rows.map((r) => store.skus.get(r.external_variant_id)!);
  store.setSellerSku(second!, first!.sku.seller_sku);
  const started = await orgCall(org.t, org.user, 'POST', '/v1/import/tiktok', {
    pc_id: org.pc.tiktok,
    all: true,
  });
  expect(started.statusCode).toBe(202);
  await runDueJobs(org.t);
  const dup = (await conflicts('&kind=duplicate_on_account')).conflicts;
  expect(dup).toHaveLength(1);
  expect(dup[0]!.fixes).toEqual(['push_ours']);
  const secondListing = dup[0]!.listings.find((l) => l.variant_sku !== first!.sku.seller_sku)!;

  const planned = await preview({ all_selected: true, kind: 'duplicate_on_account' });
  expect(planned.items).toMatchObject([{ id: dup[0]!.id, fix: 'push_ours', status: 'ready' }]);
  expect(planned.remaining).toBe(0);
  const applied = await apply({ all_selected: true, kind: 'duplicate_on_account' });
  expect(applied.items[0]!.status).toBe('applied');
  expect(applied.listings.find((l) => l.listing_id === secondListing.listing_id)).toMatchObject({
    action: 'push',
    sku: secondListing.variant_sku,
  });
  await runDueJobs(org.t);
  expect(second!.sku.seller_sku).toBe(secondListing.variant_sku);
  expect((await conflicts('&kind=duplicate_on_account')).total).toBe(0);
});

it('a listing carrying another variant’s SKU: link fails per item while that variant is listed there, unlink and link apply', async () => {
  const [c, d] = [org.linked[2]!, org.linked[3]!];
  // c's SKU moves to d: c's three listings now carry d's SKU.
  expect((await setSku(org, c.variantId, 'TEMP-C')).statusCode).toBe(200);
  expect((await setSku(org, d.variantId, c.sku)).statusCode).toBe(200);
  const carried = (await conflicts('&kind=belongs_to_other_variant')).conflicts;
  const ofC = (platform: string) => carried.find((x) => x.listings[0]!.platform === platform)!;
  expect(ofC('ebay')).toMatchObject({ other_variant: { id: d.variantId } });

  // d is listed on every account: linking c's Shopify listing to it cannot apply.
  const shopifyLink = { id: ofC('shopify').id, fix: 'link' };
  const planned = await preview({ items: [shopifyLink] });
  expect(planned.items[0]).toMatchObject({ status: 'failed' });
  expect(planned.items[0]!.message).toContain(skuConflictFixMessages.alreadyListed);

  // d's own eBay listing is unlinked (the explicit endpoint), then c's eBay listing is linked to d.
  const dEbay = (await listingOf(d.variantId, 'ebay'))!;
  const unlinked = await orgCall(org.t, org.user, 'POST', `/v1/listings/${dEbay.id}/unlink`);
  expect(unlinked.statusCode, unlinked.body).toBe(200);
  expect(unlinked.json()).toMatchObject({ listing_id: dEbay.id, platform: 'ebay', variant: null });
  expect(await listingOf(d.variantId, 'ebay')).toBeUndefined();

  const cEbay = (await listingOf(c.variantId, 'ebay'))!;
  const linkPlan = await preview({ items: [{ id: ofC('ebay').id, fix: 'link' }] });
  expect(linkPlan.items[0]).toMatchObject({
    status: 'ready',
    link_changes: [{ listing_id: cEbay.id, from: { id: c.variantId }, to: { id: d.variantId } }],
  });
  const applied = await apply({
    items: [
      { id: ofC('ebay').id, fix: 'link' },
      { id: ofC('tiktok').id, fix: 'unlink' },
      shopifyLink,
    ],
  });
  expect(applied.items.map((i) => i.status)).toEqual(['applied', 'applied', 'failed']);
  expect((await listingOf(d.variantId, 'ebay'))!.id).toBe(cEbay.id);
  expect(await listingOf(c.variantId, 'tiktok')).toBeUndefined();
  const left = (await conflicts('&kind=belongs_to_other_variant')).conflicts;
  expect(left.map((x) => x.listings[0]!.platform)).toEqual(['shopify']);
});

it('bad input is a 400 naming the field and changes nothing; unknown ids are 404', async () => {
  const { conflicts: all, total } = await conflicts();
  const mismatch = all.find((c) => c.kind === 'mismatch')!;
  const cases: Array<[object, string]> = [
    [{}, 'items'],
    [{ items: [] }, 'items'],
    [{ items: [{ id: 'nope', fix: 'generate' }] }, 'items.0.id'],
    [{ items: [{ id: mismatch.id, fix: 'burn' }] }, 'items.0.fix'],
    // A fix the conflict's kind does not have.
    [
      {
        items: [
          { id: mismatch.id, fix: 'push_ours' },
          { id: mismatch.id, fix: 'link' },
        ],
      },
      'items.1.fix',
    ],
    [{ all_selected: 'yes' }, 'all_selected'],
    [{ all_selected: true, kind: 'odd' }, 'kind'],
  ];
  for (const path of ['/v1/sku-conflicts/fixes', '/v1/sku-conflicts/fixes/preview']) {
    for (const [body, field] of cases) {
      const res = await orgCall(org.t, org.user, 'POST', path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ field });
    }
  }
  expect((await conflicts()).total).toBe(total);

  const missing = '00000000-0000-4000-8000-000000000000';
  const noListing = await orgCall(org.t, org.user, 'POST', `/v1/listings/${missing}/unlink`);
  expect(noListing.statusCode).toBe(404);
  expect(noListing.json()).toMatchObject({ field: 'id' });
  const badId = await orgCall(org.t, org.user, 'POST', '/v1/listings/nope/link', {
    variant_id: missing,
  });
  expect(badId.statusCode).toBe(400);
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM channel_listings WHERE organization_id = ${org.user.firstOrgId} LIMIT 1`.execute(
    org.t.db.db,
  );
  const noVariant = await orgCall(org.t, org.user, 'POST', `/v1/listings/${rows[0]!.id}/link`, {
    variant_id: missing,
  });
  expect(noVariant.statusCode).toBe(404);
  expect(noVariant.json()).toMatchObject({ field: 'variant_id' });
});
