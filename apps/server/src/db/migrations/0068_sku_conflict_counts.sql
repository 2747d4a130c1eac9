-- The SKU conflicts of each kind per organisation (issue 25 item 2, docs/decisions/0057): the
-- finder's tabs and totals read them on every page; counting 42,000 kept conflicts took about
-- 10-20 ms a page at 100,000 products. Kept by definitions/sku_conflicts_counted.sql.
CREATE TABLE sku_conflict_counts (
  organization_id uuid NOT NULL,
  kind text NOT NULL,
  n integer NOT NULL CHECK (n >= 0),
  PRIMARY KEY (organization_id, kind)
);

INSERT INTO sku_conflict_counts (organization_id, kind, n)
SELECT organization_id, kind, count(*) FROM sku_conflicts GROUP BY organization_id, kind;
