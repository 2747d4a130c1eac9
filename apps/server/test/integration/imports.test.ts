import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TransientError } from '@stocksync/channels';
import { defaultSkuSettings } from '@stocksync/contract';
import { writeBatch } from '../../src/modules/imports/writer';
import { signIn, type SignedInUser, type TestApp } from '../support/app';
import { connectOAuth, connectShopify, DEMO_SHOP, type TestChannels } from '../support/channels';
import { catalogueCounts, importWorld, type ImportWorld } from '../support/imports';
import { orgCall } from './catalog-fixtures';

const world = importWorld();
let t: TestApp;
let ch: TestChannels;
let harness: ImportWorld['harness'];
beforeAll(() => ({ t, ch, harness } = world));

const runJobs = () => harness.runJobs();
const remoteAll = (user: SignedInUser, pcId: string) => harness.remoteAll(user, pcId);
const importAndRun = (user: SignedInUser, platform: string, body: object) =>
  harness.importAndRun(user, platform, body);

const counts = (orgId: string) => catalogueCounts(t, orgId);

describe('remote catalogue page', () => {
  it('pages the Shopify catalogue with variant counts, quantities and import status', async () => {
    const user = await signIn(t);
    const pc = await connectShopify(t, user);
    const first = await orgCall(t, user, 'GET', `/v1/platforms/products?pc_id=${pc}`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.next_cursor).toEqual(expect.any(String));
    const snapshot = ch.shopify.snapshot(DEMO_SHOP);
    const p0 = body.products[0];
    const remoteVariants = snapshot.filter(
      (v) => `gid://shopify/Product/${v.productId}` === p0.external_id,
    );
    expect(p0.variants).toBe(remoteVariants.length);
    expect(p0.quantity).toBe(remoteVariants.reduce((s, v) => s + v.available, 0));
    expect(p0.product_id).toBeNull();
    expect(p0.is_synced).toBe(false);
    const all = await remoteAll(user, pc);
    expect(all).toHaveLength(14);

    const search = await orgCall(
      t,
      user,
      'GET',
      `/v1/platforms/products?pc_id=${pc}&search=${encodeURIComponent(p0.title.slice(0, 6))}`,
    );
    expect(search.json().products.map((p: { external_id: string }) => p.external_id)).toContain(
      p0.external_id,
    );
  });
});

describe('searching the remote catalogue', () => {
  type Remote = { external_id: string; title: string };
  const searchAll = async (user: SignedInUser, pc: string, search: string) => {
    const found: Remote[] = [];
    let cursor: string | null = null;
    let calls = 0;
    do {
      const url: string = `/v1/platforms/products?pc_id=${pc}&search=${encodeURIComponent(search)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await orgCall(t, user, 'GET', url);
      expect(page.statusCode).toBe(200);
      found.push(...page.json().products);
      cursor = page.json().next_cursor;
      expect(++calls).toBeLessThan(20);
    } while (cursor);
    return found;
  };
  const firstPage = async (user: SignedInUser, pc: string, search: string) => {
    const page = await orgCall(
      t,
      user,
      'GET',
      `/v1/platforms/products?pc_id=${pc}&search=${encodeURIComponent(search)}`,
    );
    expect(page.statusCode).toBe(200);
    return page.json().products as Remote[];
  };

  it('finds a Shopify product beyond the first page through the channel, not just the page', async () => {
    const user = await signIn(t);
    const pc = await connectShopify(t, user);
    const unfiltered = (await orgCall(t, user, 'GET', `/v1/platforms/products?pc_id=${pc}`)).json();
    const onFirst = new Set(unfiltered.products.map((p: Remote) => p.external_id));
    const everything: Remote[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/v1/platforms/products?pc_id=${pc}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (await orgCall(t, user, 'GET', url)).json();
      everything.push(...page.products);
      cursor = page.next_cursor;
    } while (cursor);
    const later = everything.find((p) => !onFirst.has(p.external_id))!;
    expect(later).toBeDefined();
    const found = await firstPage(user, pc, later.title.toUpperCase());
    expect(found.map((p) => p.external_id)).toContain(later.external_id);
    const words = later.title.toLowerCase().split(/\s+/);
    for (const p of found) for (const w of words) expect(p.title.toLowerCase()).toContain(w);
    expect(await searchAll(user, pc, 'zzqx-no-such-product')).toEqual([]);
    // Characters of the search syntax are not a way to break the query.
    expect(await firstPage(user, pc, '" \\ OR title:*')).toEqual(expect.any(Array));
  });

  it('finds eBay and TikTok products by title words, scanning the channel within a bound', async () => {
    const user = await signIn(t);
    for (const platform of ['ebay', 'tiktok'] as const) {
      const pc = await connectOAuth(t, user, platform);
      const everything = (
        await orgCall(t, user, 'GET', `/v1/platforms/products?pc_id=${pc}`)
      ).json().products as Remote[];
      const target = everything[everything.length - 1]!;
      const words = target.title.toLowerCase().split(/\s+/);
      const query = [...words].reverse().join(' ');
      const found = await searchAll(user, pc, query);
      expect(found.map((p) => p.external_id)).toContain(target.external_id);
      const expected = everything.filter((p) =>
        words.every((w) => p.title.toLowerCase().includes(w)),
      );
      expect(found.map((p) => p.external_id).sort()).toEqual(
        expected.map((p) => p.external_id).sort(),
      );
      expect(await searchAll(user, pc, 'zzqx-no-such-product')).toEqual([]);
    }
  });
});

describe('importing', () => {
  it('imports exactly the selected products with variants and listings, and shows them as imported', async () => {
    const user = await signIn(t);
    const pc = await connectShopify(t, user);
    const remote = await remoteAll(user, pc);
    const chosen = remote.slice(0, 3);
    const started = await orgCall(t, user, 'POST', '/v1/import/shopify', {
      pc_id: pc,
      product_ids: chosen.map((p) => p.external_id),
    });
    expect(started.statusCode).toBe(202);
    const importId = started.json().import_id;
    const queued = (await orgCall(t, user, 'GET', `/v1/imports/${importId}`)).json();
    expect(queued).toMatchObject({ status: 'queued', total: 3, done: 0, pc_id: pc });
    expect(queued.eta_seconds).toEqual(expect.any(Number));

    await runJobs();
    const finished = (await orgCall(t, user, 'GET', `/v1/imports/${importId}`)).json();
    expect(finished).toMatchObject({
      status: 'completed',
      total: 3,
      done: 3,
      failed: 0,
      error: null,
    });
    expect(finished.finished_at).toEqual(expect.any(String));
    const c = await counts(user.firstOrgId);
    const variants = chosen.reduce((s, p) => s + p.variants, 0);
    expect(c).toEqual({ products: 3, variants, listings: variants });

    const after = await remoteAll(user, pc);
    const imported = after.filter((p) => p.product_id !== null).map((p) => p.external_id);
    expect(imported.sort()).toEqual(chosen.map((p) => p.external_id).sort());

    // The product list shows them with one Shopify connection each (trigger-maintained aggregates).
    const list = (await orgCall(t, user, 'GET', '/v1/products?page=1&pageSize=50')).json();
    expect(list.products).toHaveLength(3);
    for (const product of list.products)
      expect(product.platforms.shopify).toEqual({ name: 'shopify', connections: 1 });

    const history = (await orgCall(t, user, 'GET', `/v1/imports?pc_id=${pc}`)).json();
    expect(history.imports.map((i: { id: string }) => i.id)).toEqual([importId]);
    const logs = await t.db.db
      .selectFrom('activity_logs')
      .select(['activity', 'note', 'status'])
      .where('organization_id', '=', user.firstOrgId)
      .where('activity', 'like', 'Import from%')
      .execute();
    expect(logs.map((l) => l.status).sort()).toEqual(['in_progress', 'success']);
    expect(logs.find((l) => l.status === 'success')?.note).toBe('Imported 3 products');
  });

  it('importing again updates instead of duplicating', async () => {
    const user = await signIn(t);
    const pc = await connectShopify(t, user);
    const remote = await remoteAll(user, pc);
    const ids = remote.slice(0, 4).map((p) => p.external_id);
    await importAndRun(user, 'shopify', { pc_id: pc, product_ids: ids });
    const before = await counts(user.firstOrgId);
    await t.db.db
      .updateTable('products')
      .set({ title: 'Renamed here' })
      .where('organization_id', '=', user.firstOrgId)
      .execute();
    const again = await importAndRun(user, 'shopify', { pc_id: pc, product_ids: ids });
    expect(again).toMatchObject({ status: 'completed', done: 4 });
    expect(await counts(user.firstOrgId)).toEqual(before);
    const titles = await t.db.db
      .selectFrom('products')
      .select('title')
      .where('organization_id', '=', user.firstOrgId)
      .execute();
    expect(titles.filter((r) => r.title === 'Renamed here')).toEqual([]);
  });

  it('links variants sharing a SKU across Shopify and eBay: one product, two listings', async () => {
    const user = await signIn(t);
    const shopifyPc = await connectShopify(t, user);
    const ebayPc = await connectOAuth(t, user, 'ebay');
    const s = await importAndRun(user, 'shopify', { pc_id: shopifyPc, all: true });
    expect(s).toMatchObject({ status: 'completed', done: 14, failed: 0 });
    const afterShopify = await counts(user.firstOrgId);
    const e = await importAndRun(user, 'ebay', { pc_id: ebayPc, all: true });
    expect(e).toMatchObject({ status: 'completed', failed: 0 });

    // Every eBay SKU that Shopify also has is listed on the same variant.
    const rows = await t.db.db
      .selectFrom('channel_listings as cl')
      .innerJoin('product_variants as pv', 'pv.id', 'cl.variant_id')
      .innerJoin('platform_connections as pc', 'pc.id', 'cl.connection_id')
      .select(['pv.id', 'pv.sku', 'pv.product_id', 'pc.platform'])
      .where('cl.organization_id', '=', user.firstOrgId)
      .execute();
    const shopifySkus = new Map(
      rows.filter((r) => r.platform === 'shopify' && r.sku).map((r) => [r.sku.toLowerCase(), r.id]),
    );
    const ebayRows = rows.filter((r) => r.platform === 'ebay');
    const shared = ebayRows.filter((r) => shopifySkus.has(r.sku.toLowerCase()));
    expect(shared.length).toBeGreaterThan(0);
    for (const row of shared) expect(row.id).toBe(shopifySkus.get(row.sku.toLowerCase()));
    const ebayOnly = ebayRows.filter((r) => !shopifySkus.has(r.sku.toLowerCase()));
    const after = await counts(user.firstOrgId);
    expect(after.variants).toBe(afterShopify.variants + ebayOnly.length);
    expect(after.listings).toBe(afterShopify.listings + ebayRows.length);

    // The product list counts both platforms on linked products.
    const list = (await orgCall(t, user, 'GET', '/v1/products?page=1&pageSize=100')).json();
    const both = list.products.filter(
      (p: { platforms: Record<string, unknown> }) => p.platforms.shopify && p.platforms.ebay,
    );
    expect(both.length).toBe(new Set(shared.map((r) => r.product_id)).size);

    // Disconnecting eBay keeps the listings but the list no longer counts it.
    expect((await orgCall(t, user, 'DELETE', `/v1/platforms/${ebayPc}`)).statusCode).toBe(204);
    const later = (await orgCall(t, user, 'GET', '/v1/products?page=1&pageSize=100')).json();
    expect(
      later.products.filter((p: { platforms: Record<string, unknown> }) => p.platforms.ebay),
    ).toEqual([]);
    expect((await counts(user.firstOrgId)).listings).toBe(after.listings);
  });

  it('completes with exactly the selected products when the channel answers 20% 429/5xx', async () => {
    const user = await signIn(t);
    const pc = await connectOAuth(t, user, 'tiktok');
    const remote = await remoteAll(user, pc);
    const chosen = remote.slice(0, 3).map((p) => p.external_id);
    ch.tiktok.core.setFaults({ rateLimitRate: 0.1, serverErrorRate: 0.1 });
    let result;
    try {
      result = await importAndRun(user, 'tiktok', { pc_id: pc, product_ids: chosen });
    } finally {
      ch.tiktok.core.setFaults({ rateLimitRate: 0, serverErrorRate: 0 });
    }
    expect(result).toMatchObject({ status: 'completed', done: 3, failed: 0 });
    const listed = await t.db.db
      .selectFrom('channel_listings')
      .select('external_product_id')
      .distinct()
      .where('connection_id', '=', pc)
      .execute();
    expect(listed.map((r) => r.external_product_id).sort()).toEqual([...chosen].sort());
    expect((await counts(user.firstOrgId)).products).toBe(3);
  });

  it('resumes an import interrupted after some batches were written, with no duplicates', async () => {
    const user = await signIn(t);
    const pc = await connectShopify(t, user);
    const started = await orgCall(t, user, 'POST', '/v1/import/shopify', { pc_id: pc, all: true });
    const importId = started.json().import_id;
    // The first attempt wrote half the catalogue, then the process died.
    const credentials = await t.app.services.connections.credentials(pc);
    const everything = await ch.channels.shopify.adapter.exportCatalogue(credentials);
    await writeBatch(t.db.db, {
      organizationId: user.firstOrgId,
      connectionId: pc,
      importId,
      products: everything.slice(0, 7),
      now: new Date(),
    });
    await t.db.db
      .updateTable('imports')
      .set({ status: 'running', started_at: new Date(), done: 7, total: 14 })
      .where('id', '=', importId)
      .execute();
    await runJobs();
    const finished = (await orgCall(t, user, 'GET', `/v1/imports/${importId}`)).json();
    expect(finished).toMatchObject({ status: 'completed', done: 14, failed: 0 });
    const variants = everything.reduce((s, p) => s + p.variants.length, 0);
    expect(await counts(user.firstOrgId)).toEqual({ products: 14, variants, listings: variants });
  });

  it('a job attempt that dies mid-import is retried by the queue and finishes with no duplicates', async () => {
    const user = await signIn(t);
    const pc = await connectShopify(t, user);
    const remote = await remoteAll(user, pc);
    expect(remote.length).toBeGreaterThan(10); // two pages of 10
    const adapter = ch.channels.shopify.adapter;
    const original = adapter.listCatalogue.bind(adapter);
    let calls = 0;
    // First page answers; then the channel keeps failing until the attempt gives up.
    adapter.listCatalogue = async (...args) => {
      calls++;
      if (calls > 1 && calls <= 1 + 8) throw new TransientError('injected outage', { status: 503 });
      return original(...args);
    };
    let importId: string;
    try {
      const started = await orgCall(t, user, 'POST', '/v1/import/shopify', {
        pc_id: pc,
        product_ids: remote.map((p) => p.external_id),
      });
      importId = started.json().import_id;
      await runJobs();
      const interrupted = (await orgCall(t, user, 'GET', `/v1/imports/${importId}`)).json();
      expect(interrupted.status).toBe('running');
      expect(interrupted.error).toMatch(/^Retrying: injected outage/);
      expect((await counts(user.firstOrgId)).products).toBe(10); // the first page was written
    } finally {
      adapter.listCatalogue = original;
    }
    // The queue kept the job for a later attempt; make it due now instead of waiting the backoff.
    const pending = await sql<{ attempts: number }>`
      UPDATE graphile_worker._private_jobs SET run_at = now()
      WHERE task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'imports_run')
      RETURNING attempts`.execute(t.db.db);
    expect(pending.rows.map((r) => r.attempts)).toEqual([1]);
    await runJobs();
    const finished = (await orgCall(t, user, 'GET', `/v1/imports/${importId}`)).json();
    expect(finished).toMatchObject({ status: 'completed', done: remote.length, failed: 0 });
    const variants = remote.reduce((sum, p) => sum + p.variants, 0);
    expect(await counts(user.firstOrgId)).toEqual({
      products: remote.length,
      variants,
      listings: variants,
    });
  });

  it('gives imported variants without a SKU one when autoCreate is on', async () => {
    const user = await signIn(t);
    const put = await orgCall(t, user, 'PUT', '/v1/users/sku-settings', {
      ...defaultSkuSettings,
      autoCreate: true,
    });
    expect(put.statusCode).toBe(200);
    const pc = await connectShopify(t, user);
    const everything = ch.shopify.snapshot(DEMO_SHOP);
    expect(everything.some((v) => !v.sku)).toBe(true); // the seeded store has some
    await importAndRun(user, 'shopify', { pc_id: pc, all: true });
    const missing = await t.db.db
      .selectFrom('product_variants')
      .select('id')
      .where('organization_id', '=', user.firstOrgId)
      .where('sku', '=', '')
      .execute();
    expect(missing).toEqual([]);
  });
});

describe('bad input and other organisations', () => {
  it('names the field of bad input', async () => {
    const user = await signIn(t);
    const pc = await connectShopify(t, user);
    const cases: [string, unknown, string][] = [
      ['/v1/import/shopify', { pc_id: pc }, 'product_ids'],
      ['/v1/import/shopify', { pc_id: pc, product_ids: [] }, 'product_ids'],
      ['/v1/import/shopify', { pc_id: pc, product_ids: ['1'], all: true }, 'product_ids'],
      ['/v1/import/shopify', { pc_id: 'nope', product_ids: ['1'] }, 'pc_id'],
      ['/v1/import/amazon', { pc_id: pc, product_ids: ['1'] }, 'platform'],
    ];
    for (const [url, body, field] of cases) {
      const answer = await orgCall(t, user, 'POST', url, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().field).toBe(field);
    }
    const wrongPlatform = await orgCall(t, user, 'POST', '/v1/import/ebay', {
      pc_id: pc,
      product_ids: ['1'],
    });
    expect(wrongPlatform.statusCode).toBe(404);
    for (const cursor of ['garbage', '-5', 'eyJsYXN0IjoiXHUwMDAwIn0=', 'x'.repeat(1500)]) {
      const page = await orgCall(
        t,
        user,
        'GET',
        `/v1/platforms/products?pc_id=${pc}&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(page.statusCode, cursor).toBeLessThan(500);
    }
    const ebayPc = await connectOAuth(t, user, 'ebay');
    const tiktokPc = await connectOAuth(t, user, 'tiktok');
    for (const id of [ebayPc, tiktokPc])
      for (const cursor of ['garbage', '-5', '99999999999999999999']) {
        const page = await orgCall(
          t,
          user,
          'GET',
          `/v1/platforms/products?pc_id=${id}&cursor=${encodeURIComponent(cursor)}`,
        );
        expect(page.statusCode, `${id} ${cursor}`).toBeLessThan(500);
      }
    const badPage = await orgCall(t, user, 'GET', '/v1/platforms/products?pc_id=x');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().field).toBe('pc_id');
    const none = await t.db.db
      .selectFrom('imports')
      .select('id')
      .where('organization_id', '=', user.firstOrgId)
      .execute();
    expect(none).toEqual([]);
  });

  it("answers 404 for another organisation's connections and imports", async () => {
    const owner = await signIn(t);
    const pc = await connectShopify(t, owner);
    const started = await orgCall(t, owner, 'POST', '/v1/import/shopify', {
      pc_id: pc,
      product_ids: ['gid://shopify/Product/1'],
    });
    const importId = started.json().import_id;
    const other = await signIn(t);
    expect((await orgCall(t, other, 'GET', `/v1/imports/${importId}`)).statusCode).toBe(404);
    expect((await orgCall(t, other, 'GET', `/v1/platforms/products?pc_id=${pc}`)).statusCode).toBe(
      404,
    );
    expect(
      (await orgCall(t, other, 'POST', '/v1/import/shopify', { pc_id: pc, all: true })).statusCode,
    ).toBe(404);
    expect((await orgCall(t, other, 'GET', `/v1/imports?pc_id=${pc}`)).json().imports).toEqual([]);
    await runJobs();
  });

  it('refuses to import from a disconnected account', async () => {
    const user = await signIn(t);
    const pc = await connectOAuth(t, user, 'ebay');
    await orgCall(t, user, 'DELETE', `/v1/platforms/${pc}`);
    const answer = await orgCall(t, user, 'POST', '/v1/import/ebay', { pc_id: pc, all: true });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().field).toBe('pc_id');
    const page = await orgCall(t, user, 'GET', `/v1/platforms/products?pc_id=${pc}`);
    expect(page.statusCode).toBe(409);
  });
});
