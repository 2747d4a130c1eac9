-- sku_conflict_counts follows the conflicts written (docs/decisions/0057). Only
-- sku_conflicts_refresh writes sku_conflicts, under the organisation's lock, so these additions
-- never race. Once per statement.
CREATE OR REPLACE FUNCTION sku_conflicts_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sku_conflict_counts AS c (organization_id, kind, n)
    SELECT organization_id, kind, count(*) FROM changed_rows GROUP BY organization_id, kind
    ON CONFLICT (organization_id, kind) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    UPDATE sku_conflict_counts c SET n = c.n - d.n
    FROM (SELECT organization_id, kind, count(*) AS n FROM changed_rows
          GROUP BY organization_id, kind) d
    WHERE c.organization_id = d.organization_id AND c.kind = d.kind;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER sku_conflicts_counted_insert
  AFTER INSERT ON sku_conflicts REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sku_conflicts_counted();

CREATE OR REPLACE TRIGGER sku_conflicts_counted_delete
  AFTER DELETE ON sku_conflicts REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sku_conflicts_counted();
