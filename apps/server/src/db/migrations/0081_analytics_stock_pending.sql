-- A stock change no longer upserts the analytics stock buckets (docs/decisions/0045): two rows by
-- quantity, which every concurrent change of the organisation waits for until commit, and a
-- product bucket move on about half the changes. It appends one row here instead: the variant's
-- quantity before and after with its cost, price and whether its SKU is empty, and its product's
-- lowest quantity before and after. definitions/analytics_stock_fold.sql moves the rows into
-- analytics_stock_buckets and analytics_product_stock_buckets (a job every minute), and the
-- catalogue's figures add the rows not folded yet, in one statement, so they stay exact.
-- Organisation as an opaque id, as the buckets keep it; no key: rows are only appended, read by
-- organisation and folded all at once.
CREATE TABLE analytics_stock_pending (
  organization_id uuid NOT NULL,
  qty_before integer NOT NULL,
  qty_after integer NOT NULL,
  cost_price numeric(12, 2) NOT NULL,
  current_price numeric(12, 2) NOT NULL,
  no_sku boolean NOT NULL,
  lowest_before integer NOT NULL,
  lowest_after integer NOT NULL
);
CREATE INDEX analytics_stock_pending_organization_idx ON analytics_stock_pending (organization_id);
