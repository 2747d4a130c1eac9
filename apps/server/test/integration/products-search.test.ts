import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import type { ProductRow } from '@stocksync/contract';
import type { Db } from '../../src/db/client';
import { ProductsRepository } from '../../src/modules/catalog/products-repository';
import { seedCatalog } from '../../src/modules/catalog/seed-catalog';
import { SEARCH_MATCHES_HELD } from '../../src/modules/catalog/search-matches-cache';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { newProduct, orgCall } from './catalog-fixtures';

/**
 * Searches are answered from the products a term matched, held per organisation and term while the
 * catalogue version the database keeps stays the same (migration 0010, SearchMatchesCache). Every
 * answer here must equal a plain query of the tables at that moment.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Ids of the organisation's products whose title or a variant's SKU contains `term`, in list order. */
async function plainSearch(db: Db, org: string, term: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT p.id FROM products p
    WHERE p.organization_id = ${org}
      AND (strpos(lower(p.title), lower(${term})) > 0
           OR EXISTS (SELECT 1 FROM product_variants v
                      WHERE v.product_id = p.id AND strpos(lower(v.sku), lower(${term})) > 0))
    ORDER BY p.created_at DESC, p.id DESC`.execute(db);
  return rows.map((r) => r.id);
}

async function search(user: SignedInUser, term: string, page = 1, pageSize = 50, org?: string) {
  const res = await orgCall(
    t,
    user,
    'GET',
    `/v1/products?search=${encodeURIComponent(term)}&page=${page}&pageSize=${pageSize}`,
    undefined,
    org,
  );
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ products: ProductRow[]; total: number }>();
  return { ids: body.products.map((p) => p.id), total: body.total };
}

/** Asks twice (the second answer comes from what the first held) and compares with the tables. */
async function expectPlain(user: SignedInUser, term: string) {
  const expected = await plainSearch(t.db.db, user.firstOrgId, term);
  for (let i = 0; i < 2; i++) {
    expect(await search(user, term)).toEqual({ ids: expected, total: expected.length });
  }
  return expected;
}

const versionOf = async (org: string) =>
  (
    await t.db.db
      .selectFrom('organization_catalog_stats')
      .select(['list_version', 'search_version'])
      .where('organization_id', '=', org)
      .executeTakeFirstOrThrow()
  ).search_version;

describe('product search answers', () => {
  let user: SignedInUser;
  let org: string;
  let ids: Record<'desk' | 'floor' | 'shade' | 'plain', string>;
  let variantOf: Record<'shade' | 'plain', string>;

  beforeAll(async () => {
    user = await signIn(t);
    org = user.firstOrgId;
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const desk = await newProduct(t.db.db, org, { title: 'Desk Lamp', createdAt: at(40) });
    const floor = await newProduct(t.db.db, org, { title: 'Floor Lamp', createdAt: at(30) });
    const shade = await newProduct(t.db.db, org, {
      title: 'Shade',
      createdAt: at(20),
      variants: [{ sku: 'SH-1' }],
    });
    const plain = await newProduct(t.db.db, org, {
      title: 'Plain Mug',
      createdAt: at(10),
      variants: [{ sku: 'MUG-1' }],
    });
    ids = { desk: desk.id, floor: floor.id, shade: shade.id, plain: plain.id };
    variantOf = { shade: shade.variantIds[0]!, plain: plain.variantIds[0]! };
  });

  it('follow every write that changes what a term matches', async () => {
    expect(await expectPlain(user, 'lamp')).toEqual([ids.floor, ids.desk]);
    const rename = (id: string, title: string) =>
      t.db.db.updateTable('products').set({ title }).where('id', '=', id).execute();
    const setSku = (id: string, sku: string) =>
      t.db.db.updateTable('product_variants').set({ sku }).where('id', '=', id).execute();

    await rename(ids.shade, 'Shade for a lamp');
    expect(await expectPlain(user, 'lamp')).toContain(ids.shade);
    await rename(ids.desk, 'Desk Light');
    expect(await expectPlain(user, 'lamp')).not.toContain(ids.desk);

    await setSku(variantOf.plain, 'LAMP-7');
    expect(await expectPlain(user, 'lamp')).toContain(ids.plain);
    await setSku(variantOf.plain, 'MUG-1');
    expect(await expectPlain(user, 'lamp')).not.toContain(ids.plain);

    const added = await t.db.db
      .insertInto('product_variants')
      .values({
        organization_id: org,
        product_id: ids.desk,
        position: 9,
        title: 'Spare',
        sku: 'xlampx',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await expectPlain(user, 'lamp')).toContain(ids.desk);
    await t.db.db
      .updateTable('product_variants')
      .set({ product_id: ids.plain })
      .where('id', '=', added.id)
      .execute();
    const moved = await expectPlain(user, 'lamp');
    expect(moved).toContain(ids.plain);
    expect(moved).not.toContain(ids.desk);
    await t.db.db.deleteFrom('product_variants').where('id', '=', added.id).execute();
    expect(await expectPlain(user, 'lamp')).not.toContain(ids.plain);

    const fresh = await newProduct(t.db.db, org, { title: 'New lamp' });
    expect((await expectPlain(user, 'lamp'))[0]).toBe(fresh.id);
    await t.db.db.deleteFrom('products').where('id', '=', ids.floor).execute();
    expect(await expectPlain(user, 'lamp')).not.toContain(ids.floor);
  });

  it('are held until the database says the catalogue changed, and no longer', async () => {
    expect(await expectPlain(user, 'plain')).toEqual([ids.plain]);
    // Triggers off for one transaction: a change the database does not version is not seen, which
    // shows the answers come from what was held, and that the version alone invalidates them.
    await t.db.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await trx.updateTable('products').set({ title: 'Cup' }).where('id', '=', ids.plain).execute();
    });
    expect((await search(user, 'plain')).ids).toEqual([ids.plain]);
    await t.db.db
      .updateTable('products')
      .set({ title: 'Cup!' })
      .where('id', '=', ids.plain)
      .execute();
    expect(await search(user, 'plain')).toEqual({ ids: [], total: 0 });
  });

  it('do not see a new version for changes a search cannot see', async () => {
    const before = await versionOf(org);
    await t.db.db
      .updateTable('product_variants')
      .set({ available_qty: 41, cost_price: '2.00' })
      .where('id', '=', variantOf.shade)
      .execute();
    await t.db.db
      .updateTable('products')
      .set({ is_synced: true })
      .where('id', '=', ids.desk)
      .execute();
    await t.db.db
      .updateTable('product_variants')
      .set({ sku: 'SH-1' })
      .where('id', '=', variantOf.shade)
      .execute();
    expect(await versionOf(org)).toBe(before);
  });

  it("are held per organisation: one's writes and matches never reach another's", async () => {
    const other = await signIn(t);
    const theirs = await newProduct(t.db.db, other.firstOrgId, { title: 'Their lamp' });
    const mine = await expectPlain(user, 'lamp');
    expect(await search(other, 'lamp', 1, 50, other.firstOrgId)).toEqual({
      ids: [theirs.id],
      total: 1,
    });
    const before = await versionOf(org);
    await t.db.db
      .updateTable('products')
      .set({ title: 'Their lamp, renamed' })
      .where('id', '=', theirs.id)
      .execute();
    expect(await versionOf(org)).toBe(before);
    expect(await expectPlain(user, 'lamp')).toEqual(mine);
    // Another organisation's product id in the held list would not be read either.
    expect((await search(other, 'lamp', 1, 50, other.firstOrgId)).ids).toEqual([theirs.id]);
  });
});

describe('a search term', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await signIn(t);
    const catalogue: [string, string[]][] = [
      ['Canvas Backpack', ['CB-100', 'CB-101']],
      ['Canvas Back Pack', ['']],
      ['Backpack, canvas', ['BAG-7']],
      ['Wool Mug', ['MUG-00001']],
      ['Woolly Mugs 50% off_now', ['MUG-00010', '']],
      ['Lamp', ['SHADE-1']],
      ['Ünïcødé Lamp', ['ÉCRU-9']],
      ['Shade', ['LAMP-SH']],
      ['XL Tee', ['TEE-XL', 'TEE-S']],
    ];
    for (const [title, skus] of catalogue) {
      await newProduct(t.db.db, user.firstOrgId, {
        title,
        variants: skus.map((sku) => ({ sku })),
      });
    }
  });

  it.each([
    'canvas backpack',
    'CANVAS BACK',
    'vas bac',
    'backpack, c',
    'cb-10',
    'mug-0000',
    '00001',
    '0001',
    'wool mug',
    'woolly mugs 50%',
    '50% off_',
    '_',
    'xl',
    'tee-',
    'lamp',
    'lampsh',
    'lamp sh',
    'lamp-sh',
    'ünïcødé',
    'écru',
    'nothing like it',
  ])('%s finds what a plain query of titles and SKUs finds', async (term) => {
    await expectPlain(user, term);
  });

  it('is answered from the one trigram index over titles and SKUs', async () => {
    const query = new ProductsRepository(t.db.db).pageWithCountsCompiled(
      user.firstOrgId,
      { search: 'canvas backpack' },
      { offset: 0, limit: 50 },
      true,
      SEARCH_MATCHES_HELD,
    );
    // A tiny catalogue is cheaper to read by organisation or in full; without those two choices
    // (for one rolled-back transaction) the planner must find the search's own index, which only
    // a search testing migration 0017's column can use.
    const rollback = new Error('rollback');
    let plan = '';
    await t.db.db
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`DROP INDEX products_org_created_idx`.execute(trx);
        const { rows } = await trx.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.parameters]),
        );
        plan = JSON.stringify(rows);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(plan).toContain('"Index Name":"products_search_text_trgm_idx"');
  });
});

describe('a search matching more products than are held', () => {
  it('pages past the held ids like a plain query, totals exact', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    const count = SEARCH_MATCHES_HELD + 150;
    await seedCatalog(t.db.db, {
      organizationId: org,
      products: count,
      variants: 1,
      seed: 3,
      vacuum: false,
    });
    await t.db.db
      .updateTable('products')
      .set({ title: sql`title || ' zq'` })
      .where('organization_id', '=', org)
      .execute();
    const expected = await plainSearch(t.db.db, org, 'zq');
    expect(expected).toHaveLength(count);
    const last = Math.ceil(count / 100);
    for (const page of [1, 2, last - 1, last, last + 1, 1, last]) {
      expect(await search(user, 'zq', page, 100), `page ${page}`).toEqual({
        ids: expected.slice((page - 1) * 100, page * 100),
        total: count,
      });
    }
  }, 60_000);
});
