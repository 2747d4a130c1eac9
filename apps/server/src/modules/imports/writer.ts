import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ChannelProduct } from '@stocksync/channels';
import type { Db } from '../../db/client';

export interface BatchResult {
  done: number;
  failed: { externalId: string; reason: string }[];
  /** Our products touched by this batch. */
  productIds: string[];
  /** Products holding an imported variant that has no SKU (for autoCreate). */
  missingSkuProductIds: string[];
}

const MAX_PRICE = 9_999_999_999.99;

function money(value: string): string {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > MAX_PRICE) return '0.00';
  return n.toFixed(2);
}

function cleanSku(value: string): string {
  const sku = value.trim();
  // Longer than the column allows: not a SKU we can link by; the variant is imported without one.
  return sku.length > 100 ? '' : sku;
}

const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

interface Resolved {
  variantId: string;
  productId: string;
  /** Listed on this connection already (re-import): ours to update. */
  ownListing: boolean;
}

/**
 * Writes one batch of remote products in one transaction with a handful of multi-row statements:
 * a variant already listed on this connection is updated; else a variant whose SKU exists in the
 * organisation (ignoring case) is linked; else it is created (with its product). Listings are
 * upserted on (connection, external variant id). Product-list aggregates are deferred for the
 * transaction and refreshed once for every touched product (migration 0002, ADR 0010).
 */
export async function writeBatch(
  db: Db,
  input: { organizationId: string; connectionId: string; products: ChannelProduct[]; now: Date },
): Promise<BatchResult> {
  const { organizationId, connectionId, products, now } = input;
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL stocksync.defer_product_aggregates = 'on'`.execute(trx);
    const remoteVariants = products.flatMap((p) => p.variants);
    const externalIds = remoteVariants.map((v) => v.externalId);
    const skus = [
      ...new Set(remoteVariants.map((v) => cleanSku(v.sku).toLowerCase()).filter(Boolean)),
    ];

    const listed = await sql<{
      external_variant_id: string;
      variant_id: string;
      product_id: string;
    }>`
      SELECT cl.external_variant_id, cl.variant_id, pv.product_id
      FROM channel_listings cl JOIN product_variants pv ON pv.id = cl.variant_id
      WHERE cl.connection_id = ${connectionId} AND cl.external_variant_id = ANY(${externalIds}::text[])`.execute(
      trx,
    );
    const byListing = new Map(listed.rows.map((r) => [r.external_variant_id, r]));
    const bySku = new Map<string, { id: string; product_id: string }>();
    if (skus.length > 0) {
      const found = await sql<{ id: string; product_id: string; lsku: string }>`
        SELECT id, product_id, lower(sku) AS lsku FROM product_variants
        WHERE organization_id = ${organizationId} AND sku <> '' AND lower(sku) = ANY(${skus}::text[])`.execute(
        trx,
      );
      for (const row of found.rows) bySku.set(row.lsku, row);
    }
    // Variants of ours already listed on this connection under another external id.
    const takenOnConnection = new Map<string, string>();
    const candidates = [...bySku.values()].map((v) => v.id);
    if (candidates.length > 0) {
      const taken = await sql<{ variant_id: string; external_variant_id: string }>`
        SELECT variant_id, external_variant_id FROM channel_listings
        WHERE connection_id = ${connectionId} AND variant_id = ANY(${candidates}::uuid[])`.execute(
        trx,
      );
      for (const row of taken.rows) takenOnConnection.set(row.variant_id, row.external_variant_id);
    }

    const failed: BatchResult['failed'] = [];
    const newProducts: { id: string; title: string }[] = [];
    const newVariants: {
      id: string;
      product_id: string;
      position: number;
      title: string;
      sku: string;
      option1: string | null;
      option2: string | null;
      option3: string | null;
      qty: number;
      price: string;
    }[] = [];
    const updates: { id: string; title: string; price: string; qty: number }[] = [];
    const productTitles: { id: string; title: string }[] = [];
    const listings: {
      variant_id: string;
      external_product_id: string;
      external_variant_id: string;
      inventory_item_id: string | null;
      qty: number;
    }[] = [];
    const touched = new Set<string>();
    const missingSku = new Set<string>();
    let done = 0;

    for (const product of products) {
      const resolved = new Map<string, Resolved>();
      const usedHere = new Set<string>();
      let problem: string | null = null;
      for (const variant of product.variants) {
        const own = byListing.get(variant.externalId);
        if (own) {
          resolved.set(variant.externalId, {
            variantId: own.variant_id,
            productId: own.product_id,
            ownListing: true,
          });
          usedHere.add(own.variant_id);
          continue;
        }
        const sku = cleanSku(variant.sku).toLowerCase();
        const match = sku ? bySku.get(sku) : undefined;
        if (match) {
          const holder = takenOnConnection.get(match.id);
          if ((holder && holder !== variant.externalId) || usedHere.has(match.id)) {
            problem = `SKU ${variant.sku} is used by another item on this account`;
            break;
          }
          resolved.set(variant.externalId, {
            variantId: match.id,
            productId: match.product_id,
            ownListing: false,
          });
          usedHere.add(match.id);
          takenOnConnection.set(match.id, variant.externalId);
        }
      }
      if (!problem) {
        const fresh = product.variants
          .filter((v) => !resolved.has(v.externalId))
          .map((v) => cleanSku(v.sku).toLowerCase())
          .filter(Boolean);
        if (new Set(fresh).size !== fresh.length)
          problem = 'Two variants of this product have the same SKU';
      }
      if (problem) {
        failed.push({ externalId: product.externalId, reason: problem });
        continue;
      }

      const first = [...resolved.values()][0];
      let productId: string;
      if (first) {
        productId = first.productId;
        if ([...resolved.values()].some((r) => r.ownListing && r.productId === productId))
          productTitles.push({ id: productId, title: cut(product.title, 500) });
      } else {
        productId = randomUUID();
        newProducts.push({ id: productId, title: cut(product.title || 'Untitled', 500) });
      }
      touched.add(productId);

      product.variants.forEach((variant, position) => {
        const qty = Math.max(-2_147_483_648, Math.min(2_147_483_647, Math.trunc(variant.quantity)));
        let local = resolved.get(variant.externalId);
        if (!local) {
          const sku = cleanSku(variant.sku);
          const id = randomUUID();
          newVariants.push({
            id,
            product_id: productId,
            position,
            title: cut(variant.title || 'Default', 500),
            sku,
            option1: variant.optionValues[0] ?? null,
            option2: variant.optionValues[1] ?? null,
            option3: variant.optionValues[2] ?? null,
            qty,
            price: money(variant.price),
          });
          takenOnConnection.set(id, variant.externalId);
          if (sku) bySku.set(sku.toLowerCase(), { id, product_id: productId });
          else missingSku.add(productId);
          local = { variantId: id, productId, ownListing: true };
        } else if (local.ownListing) {
          updates.push({
            id: local.variantId,
            title: cut(variant.title || 'Default', 500),
            price: money(variant.price),
            qty,
          });
        }
        touched.add(local.productId);
        listings.push({
          variant_id: local.variantId,
          external_product_id: product.externalId,
          external_variant_id: variant.externalId,
          inventory_item_id: variant.inventoryItemId ?? null,
          qty,
        });
      });
      done++;
    }

    if (newProducts.length > 0) {
      await sql`
        INSERT INTO products (id, organization_id, title, created_at, updated_at)
        SELECT id, ${organizationId}::uuid, title, ${now}, ${now}
        FROM unnest(${newProducts.map((p) => p.id)}::uuid[], ${newProducts.map((p) => p.title)}::text[])
          AS t (id, title)`.execute(trx);
    }
    if (newVariants.length > 0) {
      const col = <K extends keyof (typeof newVariants)[number]>(key: K) =>
        newVariants.map((v) => v[key]);
      await sql`
        INSERT INTO product_variants (id, organization_id, product_id, position, title, sku,
          option1, option2, option3, available_qty, current_price, created_at, updated_at)
        SELECT id, ${organizationId}::uuid, product_id, position, title, sku, option1, option2,
          option3, qty, price::numeric(12, 2), ${now}, ${now}
        FROM unnest(${col('id')}::uuid[], ${col('product_id')}::uuid[], ${col('position')}::int[],
          ${col('title')}::text[], ${col('sku')}::text[], ${col('option1')}::text[],
          ${col('option2')}::text[], ${col('option3')}::text[], ${col('qty')}::int[],
          ${col('price')}::text[])
          AS t (id, product_id, position, title, sku, option1, option2, option3, qty, price)`.execute(
        trx,
      );
      // The starting quantity is the first entry of each variant's stock history.
      await sql`
        INSERT INTO inventory_ledger (organization_id, variant_id, delta, qty_before, qty_after,
          cause, connection_id, idempotency_key, created_at)
        SELECT ${organizationId}::uuid, id, qty, 0, qty, 'import', ${connectionId}::uuid,
          'import:' || id, ${now}
        FROM unnest(${col('id')}::uuid[], ${col('qty')}::int[]) AS t (id, qty)`.execute(trx);
    }
    if (updates.length > 0) {
      // Re-import: names and prices follow the channel; the quantity only while the product is
      // not synced (a synced product's master quantity is the truth).
      // Quantity changes are recorded in the stock history (before and after, once per batch).
      await sql`
        WITH before AS (
          SELECT pv.id, pv.available_qty FROM product_variants pv
          WHERE pv.id = ANY(${updates.map((u) => u.id)}::uuid[])
          FOR UPDATE
        ), changed AS (
          UPDATE product_variants pv
          SET title = t.title, current_price = t.price::numeric(12, 2),
              available_qty = CASE WHEN p.is_synced THEN pv.available_qty ELSE t.qty END,
              updated_at = ${now}
          FROM unnest(${updates.map((u) => u.id)}::uuid[], ${updates.map((u) => u.title)}::text[],
                 ${updates.map((u) => u.price)}::text[], ${updates.map((u) => u.qty)}::int[])
               AS t (id, title, price, qty), products p
          WHERE pv.id = t.id AND p.id = pv.product_id
            AND (pv.title, pv.current_price, pv.available_qty) IS DISTINCT FROM
                (t.title, t.price::numeric(12, 2),
                 CASE WHEN p.is_synced THEN pv.available_qty ELSE t.qty END)
          RETURNING pv.id, pv.available_qty
        )
        INSERT INTO inventory_ledger (organization_id, variant_id, delta, qty_before, qty_after,
          cause, connection_id, idempotency_key, created_at)
        SELECT ${organizationId}::uuid, c.id, c.available_qty - b.available_qty, b.available_qty,
          c.available_qty, 'import', ${connectionId}::uuid,
          'import:' || c.id || ':' || gen_random_uuid(), ${now}
        FROM changed c JOIN before b ON b.id = c.id
        WHERE c.available_qty <> b.available_qty`.execute(trx);
    }
    if (productTitles.length > 0) {
      await sql`
        UPDATE products p SET title = t.title, updated_at = ${now}
        FROM unnest(${productTitles.map((p) => p.id)}::uuid[], ${productTitles.map((p) => p.title)}::text[])
          AS t (id, title)
        WHERE p.id = t.id AND p.title IS DISTINCT FROM t.title`.execute(trx);
    }
    if (listings.length > 0) {
      const col = <K extends keyof (typeof listings)[number]>(key: K) =>
        listings.map((l) => l[key]);
      await sql`
        INSERT INTO channel_listings (organization_id, connection_id, variant_id, external_product_id,
          external_variant_id, external_inventory_item_id, last_seen_qty, last_seen_at,
          channel_qty, confirmed_at, created_at, updated_at)
        SELECT ${organizationId}::uuid, ${connectionId}::uuid, variant_id, external_product_id,
          external_variant_id, inventory_item_id, qty, ${now}, qty, ${now}, ${now}, ${now}
        FROM unnest(${col('variant_id')}::uuid[], ${col('external_product_id')}::text[],
          ${col('external_variant_id')}::text[], ${col('inventory_item_id')}::text[],
          ${col('qty')}::int[])
          AS t (variant_id, external_product_id, external_variant_id, inventory_item_id, qty)
        ON CONFLICT (connection_id, external_variant_id) DO UPDATE
        SET variant_id = excluded.variant_id,
            external_product_id = excluded.external_product_id,
            external_inventory_item_id = excluded.external_inventory_item_id,
            last_seen_qty = excluded.last_seen_qty,
            last_seen_at = excluded.last_seen_at,
            -- What we know the channel holds moves with the import only while the product is not
            -- synced; for a synced one a difference is a change on the channel, for sync to apply.
            channel_qty = CASE
              WHEN (SELECT p.is_synced FROM product_variants pv JOIN products p ON p.id = pv.product_id
                    WHERE pv.id = excluded.variant_id) THEN channel_listings.channel_qty
              ELSE excluded.channel_qty END,
            -- The channel's time of that quantity is not known from an import (migration 0014).
            channel_at = CASE
              WHEN (SELECT p.is_synced FROM product_variants pv JOIN products p ON p.id = pv.product_id
                    WHERE pv.id = excluded.variant_id) THEN channel_listings.channel_at
              END,
            updated_at = excluded.updated_at`.execute(trx);
    }
    const productIds = [...touched];
    if (productIds.length > 0)
      await sql`SELECT refresh_product_aggregates(${productIds}::uuid[])`.execute(trx);
    return { done, failed, productIds, missingSkuProductIds: [...missingSku] };
  });
}
