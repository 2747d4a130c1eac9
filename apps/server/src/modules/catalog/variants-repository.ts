import { sql, type Expression } from 'kysely';
import type { Variant } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { PlatformCounts } from '../../db/tables/catalog';

/** A variant that needs a SKU, with what the SKU engine derives codes from. */
export interface SkuTarget {
  variantId: string;
  productId: string;
  productTitle: string;
  optionValues: string[];
}

/**
 * The currency of a variant's price: the currency of the listing it was imported from (its first
 * listing that says one), since an imported price is that channel's; null when no listing says
 * (the organisation's own currency).
 */
export const variantPriceCurrencyOf = (id: Expression<string>) => sql<string | null>`(
  SELECT cl.currency FROM channel_listings cl
  WHERE cl.variant_id = ${id} AND cl.currency IS NOT NULL
  ORDER BY cl.created_at, cl.id LIMIT 1)`;

/** Per-variant platform counts: distinct connections per platform listing the variant `id`. */
export const variantPlatformsOf = (id: Expression<string>) => sql<PlatformCounts>`coalesce((
  SELECT jsonb_object_agg(x.platform, jsonb_build_object('name', x.platform, 'connections', x.n))
  FROM (
    SELECT pc.platform, count(DISTINCT cl.connection_id)::integer AS n
    FROM channel_listings cl
    JOIN platform_connections pc ON pc.id = cl.connection_id
    WHERE cl.variant_id = ${id}
    GROUP BY pc.platform
  ) x
), '{}'::jsonb)`;

export class VariantsRepository {
  constructor(private readonly db: Db) {}

  private detailQuery(organizationId: string) {
    return this.db
      .selectFrom('product_variants')
      .select([
        'product_variants.id',
        'product_variants.title',
        'product_variants.sku',
        'product_variants.available_qty',
        'product_variants.cost_price',
        'product_variants.current_price',
      ])
      .select(variantPlatformsOf(sql.ref('product_variants.id')).as('platforms'))
      .select(variantPriceCurrencyOf(sql.ref('product_variants.id')).as('price_currency'))
      .where('product_variants.organization_id', '=', organizationId);
  }

  async find(organizationId: string, variantId: string): Promise<Variant | undefined> {
    return this.detailQuery(organizationId)
      .where('product_variants.id', '=', variantId)
      .executeTakeFirst();
  }

  /** Locks the variant for a change and returns what an activity note names. */
  async lockForUpdate(
    organizationId: string,
    variantId: string,
  ): Promise<
    | { id: string; title: string; sku: string; cost_price: string; product_title: string }
    | undefined
  > {
    return this.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.title', 'v.sku', 'v.cost_price', 'p.title as product_title'])
      .where('v.organization_id', '=', organizationId)
      .where('v.id', '=', variantId)
      .forUpdate('v')
      .executeTakeFirst();
  }

  async setCost(organizationId: string, variantId: string, cost: string, now: Date): Promise<void> {
    await this.db
      .updateTable('product_variants')
      .set({ cost_price: cost, updated_at: now })
      .where('organization_id', '=', organizationId)
      .where('id', '=', variantId)
      .execute();
  }

  /**
   * Variants without a SKU, of every product of the organisation (scope null), of the given
   * products, or among the given variants; oldest product first so {SEQ} follows the catalogue's
   * order.
   */
  async listWithoutSku(
    organizationId: string,
    scope: { productIds: readonly string[] } | { variantIds: readonly string[] } | null,
  ): Promise<SkuTarget[]> {
    let query = this.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.product_id', 'p.title', 'v.option1', 'v.option2', 'v.option3'])
      .where('v.organization_id', '=', organizationId)
      .where('v.sku', '=', '');
    if (scope && 'productIds' in scope)
      query = query.where('v.product_id', '=', sql<string>`any(${[...scope.productIds]}::uuid[])`);
    if (scope && 'variantIds' in scope)
      query = query.where('v.id', '=', sql<string>`any(${[...scope.variantIds]}::uuid[])`);
    const rows = await query
      .orderBy('p.created_at')
      .orderBy('p.id')
      .orderBy('v.position')
      .orderBy('v.id')
      .execute();
    return rows.map((r) => ({
      variantId: r.id,
      productId: r.product_id,
      productTitle: r.title,
      optionValues: [r.option1, r.option2, r.option3].filter(
        (o): o is string => o !== null && o !== '',
      ),
    }));
  }

  /** Every SKU in use in the organisation (one index-only scan). */
  async skusInUse(organizationId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('product_variants')
      .select('sku')
      .where('organization_id', '=', organizationId)
      .where('sku', '<>', '')
      .execute();
    return rows.map((r) => r.sku);
  }

  /**
   * Gives each variant its SKU with one multi-row UPDATE. Only variants of the organisation that
   * still have no SKU are written; returns the ids written. The unique index on
   * (organization_id, lower(sku)) is the final guard against a concurrent writer.
   */
  async assignSkus(
    organizationId: string,
    assignments: readonly { variantId: string; sku: string }[],
    now: Date,
  ): Promise<string[]> {
    if (assignments.length === 0) return [];
    const ids = assignments.map((a) => a.variantId);
    const skus = assignments.map((a) => a.sku);
    const { rows } = await sql<{ id: string }>`
      UPDATE product_variants AS v
      SET sku = x.sku, updated_at = ${now}
      FROM unnest(${ids}::uuid[], ${skus}::text[]) AS x (id, sku)
      WHERE v.id = x.id AND v.organization_id = ${organizationId} AND v.sku = ''
      RETURNING v.id`.execute(this.db);
    return rows.map((r) => r.id);
  }
}
