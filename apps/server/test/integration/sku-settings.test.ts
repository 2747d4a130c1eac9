import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import {
  catalogMessages,
  defaultSkuSettings,
  skuSettingsMessages,
  type SkuSettings,
} from '@stocksync/contract';
import type { Database } from '../../src/db/types';
import { ActivityService } from '../../src/modules/activity/service';
import { seedCatalog } from '../../src/modules/catalog/seed-catalog';
import { SkuService } from '../../src/modules/catalog/sku-service';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { catalogSnapshot, newProduct, orgCall } from './catalog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const settings = (overrides: Partial<SkuSettings> = {}): SkuSettings => ({
  ...defaultSkuSettings,
  ...overrides,
});

async function skusOf(variantIds: string[]): Promise<string[]> {
  const rows = await t.db.db
    .selectFrom('product_variants')
    .select(['id', 'sku'])
    .where('id', 'in', variantIds)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r.sku]));
  return variantIds.map((id) => byId.get(id) ?? '<missing>');
}

describe('GET and PUT /v1/users/sku-settings', () => {
  it('answers the defaults with a real, stable id, then what was saved', async () => {
    const user = await signIn(t);
    const first = await orgCall(t, user, 'GET', '/v1/users/sku-settings');
    expect(first.statusCode).toBe(200);
    const { id, ...fields } = first.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fields).toEqual(defaultSkuSettings);
    expect((await orgCall(t, user, 'GET', '/v1/users/sku-settings')).json().id).toBe(id);

    const wanted = settings({
      prefix: 'AB12',
      suffix: 'z',
      delimiter: 'null',
      autoCreate: true,
      generationStrategy: 'TEMPLATE',
      skuTemplate: '{PREFIX}-{TITLE:3}-{SEQ:4}',
      skuLength: 20,
      characterSet: 'CUSTOM',
      customCharacters: 'ABC123',
      maxRetries: 10,
    });
    const put = await orgCall(t, user, 'PUT', '/v1/users/sku-settings', wanted);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ id, ...wanted });
    expect((await orgCall(t, user, 'GET', '/v1/users/sku-settings')).json()).toEqual({
      id,
      ...wanted,
    });
  });

  it('keeps settings per organisation', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    await orgCall(t, a, 'PUT', '/v1/users/sku-settings', settings({ prefix: 'AAA' }));
    expect((await orgCall(t, b, 'GET', '/v1/users/sku-settings')).json().prefix).toBe('');
    const foreign = await orgCall(t, b, 'PUT', '/v1/users/sku-settings', settings(), a.firstOrgId);
    expect(foreign.statusCode).toBe(404);
    expect((await orgCall(t, a, 'GET', '/v1/users/sku-settings')).json().prefix).toBe('AAA');
  });

  it.each([
    [{ prefix: 'ABCDE' }, 'prefix', skuSettingsMessages.prefixTooLong],
    [{ suffix: 'ABCDE' }, 'suffix', skuSettingsMessages.suffixTooLong],
    [{ prefix: 'A-B' }, 'prefix', skuSettingsMessages.alphanumericOnly],
    [{ suffix: 'é' }, 'suffix', skuSettingsMessages.alphanumericOnly],
    [{ skuLength: 0 }, 'skuLength', 'skuLength must be a whole number from 1 to 50'],
    [{ skuLength: 51 }, 'skuLength', 'skuLength must be a whole number from 1 to 50'],
    [{ skuLength: 8.5 }, 'skuLength', 'skuLength must be a whole number from 1 to 50'],
    [{ maxRetries: 0 }, 'maxRetries', 'maxRetries must be a whole number from 1 to 10'],
    [{ maxRetries: 11 }, 'maxRetries', 'maxRetries must be a whole number from 1 to 10'],
    [{ delimiter: '/' }, 'delimiter', "delimiter must be one of '', '-', '_', '.' or 'null'"],
    [
      { generationStrategy: 'TEMPLATE', skuTemplate: '' },
      'skuTemplate',
      skuSettingsMessages.templateRequired,
    ],
    [
      { characterSet: 'CUSTOM', customCharacters: '' },
      'customCharacters',
      skuSettingsMessages.customCharactersRequired,
    ],
    [{ autoCreate: 'yes' }, 'autoCreate', 'autoCreate must be true or false'],
  ] as const)('rejects %j with its message and stores nothing', async (change, field, message) => {
    const user = await signIn(t);
    await orgCall(t, user, 'PUT', '/v1/users/sku-settings', settings({ prefix: 'KEEP' }));
    const before = await catalogSnapshot(t.db.db, user.firstOrgId);
    const res = await orgCall(t, user, 'PUT', '/v1/users/sku-settings', {
      ...settings(),
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().error).toContain(message);
    expect(await catalogSnapshot(t.db.db, user.firstOrgId)).toEqual(before);
  });

  it('quotes the spec words for prefix and suffix problems', () => {
    expect(skuSettingsMessages.prefixTooLong).toContain('longer than 4 characters');
    expect(skuSettingsMessages.alphanumericOnly).toBe('Only alphanumeric characters allowed');
  });

  it('rejects a missing body and missing fields', async () => {
    const user = await signIn(t);
    const empty = await orgCall(t, user, 'PUT', '/v1/users/sku-settings', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('prefix');
    const noBody = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/sku-settings',
      headers: { ...user.headers, 'x-organization-id': user.firstOrgId },
    });
    expect(noBody.statusCode).toBe(400);
  });
});

describe('POST /v1/users/sku-settings/preview', () => {
  it('shows example SKUs for unsaved settings and stores nothing', async () => {
    const user = await signIn(t);
    const res = await orgCall(t, user, 'POST', '/v1/users/sku-settings/preview', {
      settings: settings({ generationStrategy: 'PRODUCT_BASED', prefix: 'SS' }),
      count: 3,
    });
    expect(res.statusCode).toBe(200);
    const { previews } = res.json();
    expect(previews).toHaveLength(3);
    expect(previews[0]).toMatchObject({ productTitle: 'Classic Cotton T-Shirt', reason: null });
    expect(previews[0].sku).toBe('SS-CCT-BL-M'); // body cut to skuLength 8
    expect((await catalogSnapshot(t.db.db, user.firstOrgId)).settings).toEqual([]);
  });

  it('validates the settings like PUT', async () => {
    const user = await signIn(t);
    const res = await orgCall(t, user, 'POST', '/v1/users/sku-settings/preview', {
      settings: settings({ prefix: 'TOOLONG' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'settings.prefix',
      error: skuSettingsMessages.prefixTooLong,
    });
  });
});

describe('POST /v1/users/sku-settings/generate', () => {
  it('fills only variants without a SKU, advances {SEQ} and logs the counts', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    await orgCall(
      t,
      user,
      'PUT',
      '/v1/users/sku-settings',
      settings({
        generationStrategy: 'TEMPLATE',
        skuTemplate: '{TITLE:3}{SEQ:4}',
        skuLength: 10,
        prefix: 'X',
      }),
    );
    const shirt = await newProduct(t.db.db, org, {
      title: 'Shirt',
      createdAt: new Date(Date.now() - 60_000),
      variants: [{ sku: 'KEEP-ME' }, { sku: '' }, { sku: '' }],
    });
    const mug = await newProduct(t.db.db, org, { title: 'Mug', variants: [{ sku: '' }] });
    const untouched = await newProduct(t.db.db, org, { title: 'Other', variants: [{ sku: '' }] });

    const res = await orgCall(t, user, 'POST', '/v1/users/sku-settings/generate', {
      ids: [shirt.id, mug.id],
      all_selected: false,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.generated).toBe(3);
    expect(body.failed).toEqual([]);
    expect(await skusOf(shirt.variantIds)).toEqual(['KEEP-ME', 'X-SHI0001', 'X-SHI0002']);
    expect(await skusOf(mug.variantIds)).toEqual(['X-MUG0003']);
    expect(await skusOf(untouched.variantIds)).toEqual(['']);
    expect(
      body.products.map((p: { id: string; missing_sku: boolean; sku: string }) => [
        p.id,
        p.missing_sku,
        p.sku,
      ]),
    ).toEqual([
      [mug.id, false, 'X-MUG0003'],
      [shirt.id, false, ''],
    ]);

    t.clock.advance(1000);
    const all = await orgCall(t, user, 'POST', '/v1/users/sku-settings/generate', {
      ids: [],
      all_selected: true,
    });
    expect(all.json()).toMatchObject({
      generated: 1,
      failed: [],
      variant_ids: untouched.variantIds,
    });
    expect(await skusOf(untouched.variantIds)).toEqual(['X-OTH0004']);
    expect(all.json().products.map((p: { id: string }) => p.id)).toEqual([untouched.id]);

    t.clock.advance(1000);
    const nothing = await orgCall(t, user, 'POST', '/v1/users/sku-settings/generate', {
      ids: [],
      all_selected: true,
    });
    expect(nothing.json()).toEqual({ products: [], generated: 0, failed: [], variant_ids: [] });

    const log = (await orgCall(t, user, 'GET', '/v1/activity_logs')).json().activities;
    expect(log.map((a: { activity: string; status: string }) => [a.activity, a.status])).toEqual([
      ['SKUs generated', 'info'],
      ['SKUs generated', 'success'],
      ['SKUs generated', 'success'],
    ]);
    expect(log[2].note).toBe('Generated 3 of 3 missing SKUs across 2 products');
  });

  it('reports collisions with existing SKUs (ignoring case) per variant while others succeed', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    // Only one SKU can exist with these settings: 'A'.
    await orgCall(
      t,
      user,
      'PUT',
      '/v1/users/sku-settings',
      settings({
        characterSet: 'CUSTOM',
        customCharacters: 'A',
        skuLength: 1,
        maxRetries: 1,
        delimiter: '',
      }),
    );
    const p = await newProduct(t.db.db, org, {
      title: 'Two',
      variants: [{ sku: '' }, { sku: '' }],
    });
    const res = await orgCall(t, user, 'POST', '/v1/users/sku-settings/generate', {
      ids: [p.id],
      all_selected: false,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.generated).toBe(1);
    expect(body.failed).toEqual([
      { variant_id: p.variantIds[1], reason: expect.stringContaining('No unused SKU') },
    ]);
    expect(await skusOf(p.variantIds)).toEqual(['A', '']);

    const q = await newProduct(t.db.db, org, { title: 'Three', variants: [{ sku: '' }] });
    await t.db.db
      .updateTable('product_variants')
      .set({ sku: 'a-lower' })
      .where('id', '=', p.variantIds[0]!)
      .execute();
    await newProduct(t.db.db, org, { title: 'Taken', variants: [{ sku: 'a' }] });
    t.clock.advance(1000);
    const again = await orgCall(t, user, 'POST', '/v1/users/sku-settings/generate', {
      ids: [q.id],
      all_selected: false,
    });
    expect(again.json()).toMatchObject({ generated: 0, failed: [{ variant_id: q.variantIds[0] }] });
    expect(await skusOf(q.variantIds)).toEqual(['']);
    const [latest] = (await orgCall(t, user, 'GET', '/v1/activity_logs?pageSize=1')).json()
      .activities;
    expect(latest).toMatchObject({ activity: 'SKUs generated', status: 'error' });
  });

  it.each([
    [{ all_selected: false }, 'ids', catalogMessages.idsRequired],
    [{ ids: [], all_selected: false }, 'ids', catalogMessages.idsRequired],
    [{ ids: ['x'], all_selected: false }, 'ids.0', catalogMessages.idInvalid],
    [{ ids: [] }, 'all_selected', catalogMessages.allSelectedInvalid],
    [{ ids: [], all_selected: 'true' }, 'all_selected', catalogMessages.allSelectedInvalid],
  ])('rejects %j and changes nothing', async (payload, field, error) => {
    const user = await signIn(t);
    await newProduct(t.db.db, user.firstOrgId, { variants: [{ sku: '' }] });
    const before = await catalogSnapshot(t.db.db, user.firstOrgId);
    const res = await orgCall(t, user, 'POST', '/v1/users/sku-settings/generate', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, error });
    expect(await catalogSnapshot(t.db.db, user.firstOrgId)).toEqual(before);
  });

  it("answers 404 for another organisation's products and generates nothing anywhere", async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const theirs = await newProduct(t.db.db, owner.firstOrgId, { variants: [{ sku: '' }] });
    const mine = await newProduct(t.db.db, other.firstOrgId, { variants: [{ sku: '' }] });
    const beforeOwner = await catalogSnapshot(t.db.db, owner.firstOrgId);
    const res = await orgCall(t, other, 'POST', '/v1/users/sku-settings/generate', {
      ids: [mine.id, theirs.id],
      all_selected: false,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ field: 'ids', error: catalogMessages.productsNotFound });
    expect(await catalogSnapshot(t.db.db, owner.firstOrgId)).toEqual(beforeOwner);
    expect(await skusOf(mine.variantIds)).toEqual(['']);
    // all_selected never reaches into another organisation either.
    const all = await orgCall(t, other, 'POST', '/v1/users/sku-settings/generate', {
      ids: [],
      all_selected: true,
    });
    expect(all.json().generated).toBe(1);
    expect(await catalogSnapshot(t.db.db, owner.firstOrgId)).toEqual(beforeOwner);
  });

  it('fills 10,000 products with a small constant number of queries', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    const seeded = await seedCatalog(t.db.db, {
      organizationId: org,
      products: 10_000,
      variants: 3,
      seed: 9,
      vacuum: false,
    });
    expect(seeded.variantsWithoutSku).toBeGreaterThan(1000);

    const pool = new pg.Pool({ connectionString: t.db.url, max: 2 });
    const queries: string[] = [];
    const counting = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        queries.push(event.query.sql);
      },
    });
    let failed: number;
    try {
      const service = new SkuService(counting, t.clock, new ActivityService(counting, t.clock));
      const result = await service.generate(org, user.userId, { ids: [], allSelected: true });
      failed = result.failed.length;
      expect(result.generated + failed).toBe(seeded.variantsWithoutSku);
      expect(result.generated).toBeGreaterThan(seeded.variantsWithoutSku * 0.99);
      expect(result.products.length).toBeGreaterThan(500);
      expect(queries.length).toBeGreaterThan(3);
      expect(queries.length).toBeLessThanOrEqual(15);
    } finally {
      await counting.destroy();
    }
    const left = await t.db.db
      .selectFrom('product_variants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', org)
      .where('sku', '=', '')
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(failed);
    const dupes = await t.db.db
      .selectFrom('product_variants')
      .select((eb) => eb.fn('lower', [eb.ref('sku')]).as('k'))
      .where('organization_id', '=', org)
      .where('sku', '<>', '')
      .groupBy((eb) => eb.fn('lower', [eb.ref('sku')]))
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(dupes).toEqual([]);
  }, 180_000);
});
