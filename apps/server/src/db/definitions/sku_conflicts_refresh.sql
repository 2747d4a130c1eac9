-- At commit, the SKU conflicts of what the transaction changed are written again from the data
-- (docs/decisions/0057). Triggers on channel_listings and product_variants note what a statement
-- changed in sku_conflicts_stale; this deferred trigger runs once for the lot: only the first row
-- noted since the last run queues it (sku_conflicts_queue_refresh), so a statement changing
-- 450,000 listings queues one call at commit, not 450,000.
--
-- One writer per organisation at a time: the lock is taken here, at commit, so the transaction
-- holding it only reads and writes sku_conflicts until it commits (no deadlock with row locks),
-- and a writer waiting for it reads what the one before committed (each statement below takes a
-- new snapshot under READ COMMITTED). Without it, two transactions changing one variant's
-- listings on two accounts at once would each keep a conflict from what they saw.
CREATE OR REPLACE FUNCTION sku_conflicts_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org uuid;
  variants uuid[];
  dup_orgs uuid[];
  dup_connections uuid[];
  dup_skus text[];
BEGIN
  -- Rows noted from here on (by another deferred trigger) queue another run.
  PERFORM set_config('stocksync.sku_conflicts_queued', 'off', true);
  -- The rows read here are this transaction's own (another's are never committed: each takes
  -- its own before it commits). They are read from the table, not from arrays of its rows, so
  -- the planner sees how many there are (a statement may note hundreds of thousands).
  FOR org IN SELECT DISTINCT organization_id FROM sku_conflicts_stale ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtext('sku_conflicts'), hashtext(org::text));
  END LOOP;
  -- The variants noted, and those of the listings holding a SKU that changed hands (they
  -- belong to another variant, or to none, now).
  SELECT array_agg(DISTINCT x.id) INTO variants FROM (
    SELECT unnest(variant_ids) AS id FROM sku_conflicts_stale
    UNION ALL
    SELECT cl.variant_id
    FROM (SELECT DISTINCT organization_id, unnest(owner_skus) AS sku FROM sku_conflicts_stale) k
    JOIN channel_listings cl ON cl.organization_id = k.organization_id
      AND lower(cl.channel_sku) = k.sku AND cl.channel_sku <> ''
  ) x;
  SELECT array_agg(o), array_agg(c), array_agg(s) INTO dup_orgs, dup_connections, dup_skus
  FROM (SELECT DISTINCT organization_id, unnest(duplicate_connections), unnest(duplicate_skus)
        FROM sku_conflicts_stale) x (o, c, s);
  DELETE FROM sku_conflicts_stale;
  IF variants IS NOT NULL THEN
    PERFORM sku_conflicts_rewrite_variants(variants);
  END IF;
  IF dup_orgs IS NOT NULL THEN
    PERFORM sku_conflicts_rewrite_duplicates(dup_orgs, dup_connections, dup_skus);
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS sku_conflicts_refresh ON sku_conflicts_stale;
CREATE CONSTRAINT TRIGGER sku_conflicts_refresh
  AFTER INSERT ON sku_conflicts_stale DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (sku_conflicts_queue_refresh()) EXECUTE FUNCTION sku_conflicts_refresh();
