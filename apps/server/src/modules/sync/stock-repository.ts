import { sql } from 'kysely';
import type { LedgerCause, Variant } from '@stocksync/contract';
import type { Db } from '../../db/client';

/** A listing on a channel without compare-and-set that sold by itself (see requestPushes). */
export interface SoldListing {
  listingId: string;
  quantity: number;
  since: Date;
}

/** One master quantity change, as stock_apply_change (migration 0012) takes it. */
export interface StockChange {
  variantId: string;
  /** Only a variant of this organisation (null: the caller has checked it). */
  organizationId: string | null;
  change: { delta: number } | { set: number };
  cause: LedgerCause;
  connectionId: string | null;
  reference: string | null;
  userId: string | null;
  key: string;
  /** Where it came from, for the activity entry. */
  source: string;
  sold: SoldListing | null;
  onlyIfSynced: boolean;
  now: Date;
  /** An order line's price per unit as the channel reported it (migration 0037). */
  unitPrice?: UnitPrice | null;
  /** Answer the variant as it is after the change (a seller's edit shows it), in the same statement. */
  answerVariant?: boolean;
}

/** A decimal amount and its ISO currency code. */
export interface UnitPrice {
  amount: string;
  currency: string;
}

export interface StockChangeResult {
  variantFound: boolean;
  applied: boolean;
  before: number;
  after: number;
  /** Connections whose listings of the variant now have work (sorted). */
  connectionIds: string[];
  /** With `answerVariant`, when found: the variant after the change. */
  variant?: Variant;
}

/** Master quantities: changes (stock_apply_change), the ledger's keys, and the push requests they make. */
export class StockRepository {
  constructor(private readonly db: Db) {}

  /**
   * Applies a master change in one statement: the variant's row lock, the ledger entry (once per
   * idempotency key), the quantity, push flags and the activity entry (migration 0012).
   */
  async applyStockChange(input: StockChange): Promise<StockChangeResult> {
    // The variant's fields come from the function (read under its lock); the channels listing it
    // and its price's currency (as the catalogue's variant detail answers them) from this
    // statement's snapshot of its listings, which the change does not touch.
    const id = sql`${input.variantId}::uuid`;
    const listed = input.answerVariant
      ? sql`,
        coalesce((SELECT jsonb_object_agg(x.platform, jsonb_build_object('name', x.platform, 'connections', x.n))
                  FROM (SELECT pc.platform, count(DISTINCT cl.connection_id)::integer AS n
                        FROM channel_listings cl JOIN platform_connections pc ON pc.id = cl.connection_id
                        WHERE cl.variant_id = ${id} GROUP BY pc.platform) x), '{}'::jsonb) AS platforms,
        (SELECT cl.currency FROM channel_listings cl
         WHERE cl.variant_id = ${id} AND cl.currency IS NOT NULL
         ORDER BY cl.created_at, cl.id LIMIT 1) AS price_currency`
      : sql``;
    const { rows } = await sql<{
      variant_found: boolean;
      applied: boolean;
      quantity_before: number | null;
      quantity_after: number | null;
      connection_ids: string[];
      variant_title: string | null;
      variant_sku: string | null;
      variant_cost: string | null;
      variant_price: string | null;
      platforms?: Variant['platforms'];
      price_currency?: string | null;
    }>`
      SELECT variant_found, applied, quantity_before, quantity_after,
             connection_ids::text[] AS connection_ids,
             variant_title, variant_sku, variant_cost, variant_price${listed}
      FROM stock_apply_change(
        ${id}, ${input.organizationId}::uuid,
        ${'delta' in input.change ? input.change.delta : null}::int,
        ${'set' in input.change ? input.change.set : null}::int, ${input.cause}::text,
        ${input.connectionId}::uuid, ${input.reference}::text, ${input.userId}::uuid,
        ${input.key}::text, ${input.source}::text, ${input.sold?.listingId ?? null}::uuid,
        ${input.sold?.quantity ?? null}::int, ${input.sold?.since ?? null}::timestamptz,
        ${input.onlyIfSynced}::boolean, ${input.now}::timestamptz,
        ${input.unitPrice?.amount ?? null}::numeric, ${input.unitPrice?.currency ?? null}::text)`.execute(
      this.db,
    );
    const row = rows[0]!;
    return {
      variantFound: row.variant_found,
      applied: row.applied,
      before: row.quantity_before ?? 0,
      after: row.quantity_after ?? 0,
      connectionIds: row.connection_ids,
      ...(input.answerVariant &&
        row.variant_found && {
          variant: {
            id: input.variantId,
            title: row.variant_title!,
            sku: row.variant_sku!,
            available_qty: row.quantity_after!,
            cost_price: row.variant_cost!,
            current_price: row.variant_price!,
            price_currency: row.price_currency ?? null,
            platforms: row.platforms ?? {},
          },
        }),
    };
  }

  /** Which of these ledger idempotency keys the organisation has already used. */
  async ledgerKeysTaken(organizationId: string, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const { rows } = await sql<{ idempotency_key: string }>`
      SELECT idempotency_key FROM inventory_ledger
      WHERE organization_id = ${organizationId} AND idempotency_key = ANY(${keys}::text[])`.execute(
      this.db,
    );
    return new Set(rows.map((r) => r.idempotency_key));
  }

  /**
   * Flags the variant's listings whose known quantity differs from the master for a push (see
   * stock_request_pushes, migration 0012, for `sold` and why every value comes from the updated
   * row). Answers the connections that now have work, sorted.
   */
  async requestPushes(variantIds: string[], sold?: SoldListing): Promise<string[]> {
    if (variantIds.length === 0) return [];
    const { rows } = await sql<{ connection_id: string }>`
      SELECT stock_request_pushes(${variantIds}::uuid[], ${sold?.listingId ?? null}::uuid,
        ${sold?.quantity ?? null}::int, ${sold?.since ?? null}::timestamptz) AS connection_id`.execute(
      this.db,
    );
    return rows.map((r) => r.connection_id);
  }

  /**
   * Sync was turned on for these products (`now`): every listing is re-read (what it holds then
   * becomes what we know, without a delta; a Shopify order made since that the read counted is
   * applied as an order, alignment-orders.ts) and then set to the master. Answers the connections
   * with work.
   */
  async requestAlignment(
    organizationId: string,
    productIds: readonly string[],
    now: Date,
  ): Promise<string[]> {
    const { rows } = await sql<{ connection_id: string }>`
      UPDATE channel_listings cl
      SET push_pending = true, push_seq = cl.push_seq + 1, check_pending = true,
          check_seq = cl.check_seq + 1,
          channel_qty = NULL, channel_at = NULL, seen_qty = NULL, seen_at = NULL,
          align_started_at = ${now}, align_read_at = NULL
      FROM product_variants pv
      WHERE pv.id = cl.variant_id AND pv.organization_id = ${organizationId}
        AND pv.product_id = ANY(${productIds as string[]}::uuid[])
      RETURNING cl.connection_id`.execute(this.db);
    return [...new Set(rows.map((r) => r.connection_id))].sort();
  }
}
