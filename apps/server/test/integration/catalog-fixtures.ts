import { sql } from 'kysely';
import type { Db } from '../../src/db/client';
import type { Platform } from '../../src/db/types';
import type { SignedInUser, TestApp } from '../support/app';

/** Small builders for catalogue tests: each writes through the real tables (and triggers). */

export interface VariantInput {
  title?: string;
  sku?: string;
  qty?: number;
  cost?: string;
  price?: string;
  options?: string[];
  /** Connection ids this variant is listed on. */
  listedOn?: string[];
}

let externalCounter = 0;

export async function newConnection(
  db: Db,
  organizationId: string,
  platform: Platform,
  alias = `${platform}-${Math.random().toString(36).slice(2, 8)}`,
): Promise<string> {
  const row = await db
    .insertInto('platform_connections')
    .values({ organization_id: organizationId, platform, alias })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function newProduct(
  db: Db,
  organizationId: string,
  input: {
    title?: string;
    isSynced?: boolean;
    createdAt?: Date;
    variants?: VariantInput[];
  } = {},
): Promise<{ id: string; variantIds: string[] }> {
  const product = await db
    .insertInto('products')
    .values({
      organization_id: organizationId,
      title: input.title ?? 'Test Product',
      is_synced: input.isSynced ?? false,
      ...(input.createdAt && { created_at: input.createdAt }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const variants = input.variants ?? [{}];
  const variantIds: string[] = [];
  for (const [index, v] of variants.entries()) {
    const row = await db
      .insertInto('product_variants')
      .values({
        organization_id: organizationId,
        product_id: product.id,
        position: index + 1,
        title: v.title ?? (variants.length === 1 ? 'Default Title' : `Variant ${index + 1}`),
        option1: v.options?.[0] ?? null,
        option2: v.options?.[1] ?? null,
        option3: v.options?.[2] ?? null,
        sku: v.sku ?? '',
        available_qty: v.qty ?? 0,
        cost_price: v.cost ?? '0.00',
        current_price: v.price ?? '0.00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    variantIds.push(row.id);
    for (const connectionId of v.listedOn ?? []) {
      externalCounter += 1;
      await db
        .insertInto('channel_listings')
        .values({
          organization_id: organizationId,
          connection_id: connectionId,
          variant_id: row.id,
          external_product_id: `p-${externalCounter}`,
          external_variant_id: `v-${externalCounter}`,
        })
        .execute();
    }
  }
  return { id: product.id, variantIds };
}

/** An authenticated, organisation-scoped call. */
export function orgCall(
  t: TestApp,
  user: SignedInUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  orgId = user.firstOrgId,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...user.headers, 'x-organization-id': orgId },
    ...(payload !== undefined && { payload: payload as object }),
  });
}

/** Everything the catalogue tables hold for an organisation, to assert "nothing changed". */
export async function catalogSnapshot(db: Db, organizationId: string) {
  const [products, variants, activity, settings] = await Promise.all([
    db
      .selectFrom('products')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_variants')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('activity_logs')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sku_settings')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .execute(),
  ]);
  return { products, variants, activity, settings };
}

/** The maintained counters must equal what a full count says. */
export async function expectStatsConsistent(db: Db, organizationId: string) {
  const stats = await db
    .selectFrom('organization_catalog_stats')
    .select(['product_count', 'synced_count', 'missing_sku_count'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  const actual = await db
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll<string>().as('product_count'),
      eb.fn.count<string>('id').filterWhere('is_synced', '=', true).as('synced_count'),
      eb.fn.count<string>('id').filterWhere('missing_sku_count', '>', 0).as('missing_sku_count'),
    ])
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return {
    stored: {
      product_count: Number(stats?.product_count ?? 0),
      synced_count: Number(stats?.synced_count ?? 0),
      missing_sku_count: Number(stats?.missing_sku_count ?? 0),
    },
    actual: {
      product_count: Number(actual.product_count),
      synced_count: Number(actual.synced_count),
      missing_sku_count: Number(actual.missing_sku_count),
    },
  };
}

/**
 * Products of the organisation whose stored aggregates (variant count, total and lowest quantity,
 * missing SKUs, the SKUs searched, per-platform connection counts) differ from a recomputation from
 * variants and listings.
 */
export async function aggregateMismatches(db: Db, organizationId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM products p
    LEFT JOIN LATERAL (
      SELECT count(*) AS variants, coalesce(sum(available_qty), 0) AS qty,
             coalesce(min(available_qty), 0) AS lowest,
             count(*) FILTER (WHERE sku = '') AS missing,
             coalesce(string_agg(sku, chr(31) ORDER BY position, id) FILTER (WHERE sku <> ''), '')
               AS skus
      FROM product_variants v WHERE v.product_id = p.id
    ) a ON true
    WHERE p.organization_id = ${organizationId}
      AND (p.variant_count <> a.variants OR p.available_qty <> a.qty OR p.lowest_qty <> a.lowest
           OR p.missing_sku_count <> a.missing OR p.skus <> a.skus
           OR p.platforms <> coalesce((
             SELECT jsonb_object_agg(platform, jsonb_build_object('name', platform, 'connections', n))
             FROM (SELECT c.platform, count(DISTINCT l.connection_id) AS n
                   FROM product_variants v JOIN channel_listings l ON l.variant_id = v.id
                   JOIN platform_connections c ON c.id = l.connection_id
                   WHERE v.product_id = p.id AND c.status <> 'disconnected'
                   GROUP BY c.platform) x), '{}'::jsonb))`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
