import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns';

// The sync module's tables: listings on channels, the stock ledger, queued orders, pushes in flight.

export interface ChannelListingsTable {
  id: Generated<string>;
  organization_id: string;
  connection_id: string;
  variant_id: string;
  external_product_id: string;
  external_variant_id: string;
  external_inventory_item_id: string | null;
  external_location_id: string | null;
  last_pushed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Migration 0005.
  channel_qty: number | null;
  confirmed_at: NullableTimestamp;
  channel_version: Generated<string>;
  push_pending: Generated<boolean>;
  push_seq: Generated<string>;
  check_seq: Generated<string>;
  push_error: string | null;
  check_pending: Generated<boolean>;
  // Migration 0014.
  channel_at: NullableTimestamp;
  // Migration 0019.
  check_order_id: string | null;
  check_reconcile: Generated<boolean>;
  // Migration 0028 (docs/decisions/0047).
  seen_qty: number | null;
  seen_at: NullableTimestamp;
  // Migration 0049: the listing's price in its channel's currency, as the channel said.
  price: string | null;
  currency: string | null;
  // Migration 0050: the SKU the channel holds as far as we know: read by each import, set by each
  // write-back (docs/decisions/0055); null when never known.
  channel_sku: string | null;
  // Migration 0078 (docs/decisions/0025, "A sale during alignment"): when sync was last turned on
  // for the listing's product (our clock), the channel's time of the level its alignment read
  // found, and whether orders that read may have counted wait in alignment_orders.
  align_started_at: NullableTimestamp;
  align_read_at: NullableTimestamp;
  check_alignment_orders: Generated<boolean>;
}

/** The channel's own name of an order (Shopify "#1003"; migration 0048). */
export interface ChannelOrderNamesTable {
  connection_id: string;
  order_id: string;
  name: string;
  created_at: Generated<Timestamp>;
}

/** A Shopify order its listing's alignment read may have counted (migration 0078). */
export interface AlignmentOrdersTable {
  listing_id: string;
  order_id: string;
  quantity: number;
  created_at: Timestamp;
  check_seq: string;
}

export interface PendingChannelOrdersTable {
  connection_id: string;
  order_id: string;
  received_at: Timestamp;
}

/** One listing of a push batch in flight: what was sent and the push it answers. */
export interface PushBatchRow {
  listing_id: string;
  quantity: number;
  compare: number | null;
  seq: string;
}

/** A listing's SKU sent to its channel (migration 0050, docs/decisions/0055). */
export interface SkuPushesTable {
  id: Generated<string>;
  organization_id: string;
  connection_id: string;
  listing_id: string;
  sku: string;
  status: 'queued' | 'pushed' | 'refused' | 'failed';
  message: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PushBatchesTable {
  idempotency_key: string;
  connection_id: string;
  /** jsonb, written as JSON text. */
  rows: ColumnType<PushBatchRow[], string, string>;
  created_at: Generated<Timestamp>;
}

export interface InventoryLedgerTable {
  id: GeneratedAlways<string>;
  organization_id: string;
  variant_id: string;
  delta: number;
  qty_before: number;
  qty_after: number;
  cause: 'order' | 'channel_edit' | 'manual' | 'import' | 'import_undo' | 'reconciliation';
  connection_id: string | null;
  reference: string | null;
  user_id: string | null;
  idempotency_key: string;
  created_at: Timestamp;
  /** An order line's unit price and currency as the channel reported them (migration 0037). */
  unit_price: string | null;
  currency: string | null;
}
