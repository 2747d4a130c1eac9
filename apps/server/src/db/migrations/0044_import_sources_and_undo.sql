-- Re-import rules, dry runs and undo of imports (issue 25 items 3 and 4, docs/decisions/0053).

-- The connection a product first came from: the only one whose re-import updates its title, its
-- variants' names and prices, and (sync off) their quantities. An opaque id, like the ledger's:
-- deleting a connection leaves it, and no listing of that connection re-imports any more.
ALTER TABLE products ADD COLUMN source_connection_id uuid;

-- Products imported before: the connection of their first listing.
UPDATE products p SET source_connection_id = first.connection_id
FROM (
  SELECT DISTINCT ON (pv.product_id) pv.product_id, cl.connection_id
  FROM channel_listings cl JOIN product_variants pv ON pv.id = cl.variant_id
  ORDER BY pv.product_id, cl.created_at, cl.id
) first
WHERE p.id = first.product_id;

-- An undone import: when and by whom (an opaque id, as on the ledger).
ALTER TABLE imports ADD COLUMN undone_at timestamptz, ADD COLUMN undone_by uuid;

-- What each import changed, so that it can be undone: what it created (the row to delete) and
-- what it updated (the values to put back). Written in the batch's transaction.
CREATE TABLE import_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  import_id uuid NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('product_created', 'variant_created', 'listing_created',
                                     'product_updated', 'variant_updated', 'stock_set')),
  target_id uuid NOT NULL,
  -- product_updated: {title}; variant_updated: {title, price}; stock_set: {qty}.
  before jsonb,
  after jsonb
);
CREATE INDEX import_changes_import_idx ON import_changes (import_id, kind);

-- An undo puts quantities back with entries of its own in the stock history.
ALTER TABLE inventory_ledger DROP CONSTRAINT inventory_ledger_cause_check;
ALTER TABLE inventory_ledger ADD CONSTRAINT inventory_ledger_cause_check
  CHECK (cause IN ('order', 'channel_edit', 'manual', 'import', 'import_undo', 'reconciliation'));
