import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Catalogue data for the e2e journeys, written straight into the e2e server's embedded
 * PostgreSQL (the app has no "create product" call: products arrive by import). The product
 * aggregates (variant count, quantity, SKU summary, platforms) are maintained by the database's
 * own triggers, exactly as for imported products.
 */

/** The harness's embedded PostgreSQL: password beside its data directory, port in postmaster.pid. */
export function e2eDatabaseUrl(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set; run through e2e/playwright.config.ts');
  const pgDir = path.join(dataDir, 'pg');
  const password = fs.readFileSync(`${pgDir}.password`, 'utf8').trim();
  const port = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`No port in ${pgDir}/postmaster.pid`);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

type SeedVariant = { title: string; sku: string; qty: number; price: string; cost?: string };
type SeedProduct = { title: string; variants: SeedVariant[]; listedOn: ('shopify' | 'ebay')[] };

export const FILLER_COUNT = 52;

/** Newest first in the list: index 0 is the first row of page 1. */
export const seededProducts: SeedProduct[] = [
  {
    title: 'Trail Runner',
    listedOn: ['shopify', 'ebay'],
    variants: [
      { title: 'EU 40', sku: 'TRAIL-40', qty: 4, price: '89.00', cost: '41.20' },
      { title: 'EU 41', sku: 'TRAIL-41', qty: 6, price: '89.00' },
      { title: 'EU 42', sku: '', qty: 2, price: '89.00' },
    ],
  },
  {
    title: 'Canvas Tote',
    listedOn: ['shopify'],
    variants: [
      { title: 'Natural', sku: 'TOTE-NAT', qty: 12, price: '24.50', cost: '8.00' },
      { title: 'Black', sku: 'TOTE-BLK', qty: 7, price: '24.50', cost: '8.00' },
    ],
  },
  {
    title: 'Beeswax Candle',
    listedOn: [],
    variants: [{ title: 'Default', sku: '', qty: 30, price: '12.00' }],
  },
  ...Array.from({ length: FILLER_COUNT }, (_, i): SeedProduct => {
    const n = String(i + 1).padStart(3, '0');
    return {
      title: `Filler Mug ${n}`,
      listedOn: i % 3 === 0 ? ['ebay'] : [],
      variants: [{ title: 'Default', sku: `MUG-${n}`, qty: i, price: '9.99' }],
    };
  }),
];

export const seededActivities = [
  { activity: 'Imported products', note: '3 products from main-store', status: 'success' },
  { activity: 'Inventory sync', note: 'eBay listing update failed: timeout', status: 'error' },
  { activity: 'SKU generation', note: '12 SKUs generated', status: 'success' },
  { activity: 'Import from eBay', note: 'Running', status: 'in_progress' },
] as const;

export type SeededCatalogue = { productIds: Record<string, string> };

export async function seedCatalogue(
  organizationId: string,
  userId: string,
): Promise<SeededCatalogue> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    await client.query('BEGIN');
    const connections: Record<string, string> = {};
    for (const [platform, alias] of [
      ['shopify', 'main-store'],
      ['ebay', 'ebay-uk'],
    ] as const) {
      const { rows } = await client.query<{ id: string }>(
        'INSERT INTO platform_connections (organization_id, platform, alias) VALUES ($1, $2, $3) RETURNING id',
        [organizationId, platform, alias],
      );
      connections[platform] = rows[0]!.id;
    }
    const productIds: Record<string, string> = {};
    const now = Date.now();
    for (const [index, product] of seededProducts.entries()) {
      const createdAt = new Date(now - index * 60_000).toISOString();
      const { rows } = await client.query<{ id: string }>(
        'INSERT INTO products (organization_id, title, created_at) VALUES ($1, $2, $3) RETURNING id',
        [organizationId, product.title, createdAt],
      );
      const productId = rows[0]!.id;
      productIds[product.title] = productId;
      for (const [position, variant] of product.variants.entries()) {
        const { rows: variantRows } = await client.query<{ id: string }>(
          `INSERT INTO product_variants
             (organization_id, product_id, position, title, option1, sku, available_qty, cost_price, current_price)
           VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8) RETURNING id`,
          [
            organizationId,
            productId,
            position,
            variant.title,
            variant.sku,
            variant.qty,
            variant.cost ?? '0',
            variant.price,
          ],
        );
        for (const platform of product.listedOn) {
          await client.query(
            `INSERT INTO channel_listings
               (organization_id, connection_id, variant_id, external_product_id, external_variant_id)
             VALUES ($1, $2, $3, $4, $5)`,
            [
              organizationId,
              connections[platform],
              variantRows[0]!.id,
              `ext-${productId}`,
              `ext-${variantRows[0]!.id}`,
            ],
          );
        }
      }
    }
    for (const [index, entry] of seededActivities.entries()) {
      await client.query(
        `INSERT INTO activity_logs (organization_id, user_id, activity, note, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          organizationId,
          userId,
          entry.activity,
          entry.note,
          entry.status,
          new Date(now - index * 60_000).toISOString(),
        ],
      );
    }
    await client.query('COMMIT');
    return { productIds };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}
