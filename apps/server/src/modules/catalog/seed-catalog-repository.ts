import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { SeedProduct, SeedVariant } from './seed-content';

/** The catalogue's writes of a demo seed (seedCatalog): multi-row inserts over unnest arrays. */
export class SeedCatalogRepository {
  constructor(private readonly db: Db) {}

  async productCount(organizationId: string): Promise<number> {
    const row = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertProducts(organizationId: string, products: readonly SeedProduct[]): Promise<void> {
    const col = <T>(pick: (p: SeedProduct) => T) => products.map(pick);
    await sql`
      INSERT INTO products (id, organization_id, title, is_synced, created_at, updated_at)
      SELECT id, ${organizationId}::uuid, title, is_synced, created_at, created_at
      FROM unnest(${col((p) => p.id)}::uuid[], ${col((p) => p.title)}::text[],
                  ${col((p) => p.synced)}::boolean[], ${col((p) => p.createdAt)}::timestamptz[])
        AS t (id, title, is_synced, created_at)`.execute(this.db);
  }

  async insertVariants(organizationId: string, variants: readonly SeedVariant[]): Promise<void> {
    const col = <T>(pick: (v: SeedVariant) => T) => variants.map(pick);
    await sql`
      INSERT INTO product_variants (id, organization_id, product_id, position, title, option1,
                                    option2, sku, available_qty, cost_price, current_price)
      SELECT id, ${organizationId}::uuid, product_id, position, title, option1, option2, sku,
             qty, cost, price
      FROM unnest(${col((v) => v.id)}::uuid[], ${col((v) => v.productId)}::uuid[],
                  ${col((v) => v.position)}::int[], ${col((v) => v.title)}::text[],
                  ${col((v) => v.option1)}::text[], ${col((v) => v.option2)}::text[],
                  ${col((v) => v.sku)}::text[], ${col((v) => v.qty)}::int[],
                  ${col((v) => v.cost)}::numeric[], ${col((v) => v.price)}::numeric[])
        AS t (id, product_id, position, title, option1, option2, sku, qty, cost, price)`.execute(
      this.db,
    );
  }
}
