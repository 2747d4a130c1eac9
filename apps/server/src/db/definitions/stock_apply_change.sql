-- The one way a master quantity changes (MasterQuantities.apply): under the variant's row lock, an
-- append-only ledger entry whose idempotency key is unique per organisation (a repeat changes
-- nothing), the new quantity, push flags for the variant's listings when its product is synced,
-- and an activity entry (its facts; the activity module formats its text when it reads it), all in
-- the caller's transaction (or as one statement). An order line's entry keeps the unit price and
-- currency the channel reported (NULL when it gave none); the variant moves between the analytics
-- stock buckets here (analytics_stock_apply), as the catalogue's triggers step aside for a stock
-- change (docs/decisions/0051).
--
-- One round trip instead of six statements: on this hardware a round trip costs both processes far
-- more than these statements' execution. Each statement still takes its own snapshot (a VOLATILE
-- PL/pgSQL function does), so concurrency is that of separate statements: the variant row lock
-- orders changes, and the push flags are computed from the rows they update (docs/decisions/0026).
CREATE OR REPLACE FUNCTION stock_apply_change(
  p_variant uuid, p_organization uuid, p_delta integer, p_set integer, p_cause text,
  p_connection uuid, p_reference text, p_user uuid, p_key text, p_source text,
  p_sold_listing uuid, p_sold_qty integer, p_sold_since timestamptz,
  p_only_if_synced boolean, p_now timestamptz, p_unit_price numeric, p_currency text,
  OUT variant_found boolean, OUT applied boolean, OUT quantity_before integer,
  OUT quantity_after integer, OUT connection_ids uuid[]
) LANGUAGE plpgsql AS $$
DECLARE
  v record;
  entry bigint;
  change integer;
  lowest integer;
BEGIN
  variant_found := false;
  applied := false;
  connection_ids := '{}';
  SELECT pv.id, pv.organization_id, pv.product_id, pv.title, pv.sku, p.title AS product_title,
         pv.available_qty, p.is_synced, pv.cost_price, pv.current_price
    INTO v
    FROM product_variants pv JOIN products p ON p.id = pv.product_id
    WHERE pv.id = p_variant AND (p_organization IS NULL OR pv.organization_id = p_organization)
    FOR UPDATE OF pv;
  IF NOT FOUND THEN RETURN; END IF;
  variant_found := true;
  quantity_before := v.available_qty;
  quantity_after := v.available_qty;
  IF p_only_if_synced AND NOT v.is_synced THEN RETURN; END IF;
  change := coalesce(p_set - quantity_before, p_delta);
  INSERT INTO inventory_ledger (organization_id, variant_id, delta, qty_before, qty_after, cause,
                                connection_id, reference, user_id, idempotency_key, created_at,
                                unit_price, currency)
  VALUES (v.organization_id, v.id, change, quantity_before, quantity_before + change, p_cause,
          p_connection, p_reference, p_user, p_key, p_now, p_unit_price, p_currency)
  ON CONFLICT (organization_id, idempotency_key) DO NOTHING
  RETURNING id INTO entry;
  IF entry IS NULL THEN RETURN; END IF;
  applied := true;
  quantity_after := quantity_before + change;
  IF change <> 0 THEN
    -- The product's total moves here by the difference; the catalogue's triggers, told so, skip
    -- reading these statements' rows (stock_change_in_progress).
    PERFORM set_config('stocksync.stock_change', 'on', true);
    UPDATE product_variants SET available_qty = quantity_after, updated_at = p_now
    WHERE id = v.id;
    -- The product's lowest quantity (Oversold, Low stock) follows without reading its variants
    UPDATE products
    SET available_qty = available_qty + change, lowest_qty = least(lowest_qty, quantity_after)
    WHERE id = v.product_id
    RETURNING lowest_qty INTO lowest;
    -- unless the variant that was the lowest went up: then it is read again, in a statement of its
    -- own, whose snapshot sees every change committed before this one took the product's row
    -- (a subquery above would not see one that committed while this waited for the row).
    IF lowest = quantity_before AND quantity_after > quantity_before THEN
      UPDATE products
      SET lowest_qty = (SELECT min(pv.available_qty) FROM product_variants pv
                        WHERE pv.product_id = v.product_id)
      WHERE id = v.product_id;
    END IF;
    PERFORM set_config('stocksync.stock_change', 'off', true);
    PERFORM analytics_stock_apply(jsonb_build_array(
      jsonb_build_object('o', v.organization_id, 'q', quantity_before, 'c', v.cost_price,
                         'p', v.current_price, 's', v.sku = '', 'n', -1),
      jsonb_build_object('o', v.organization_id, 'q', quantity_after, 'c', v.cost_price,
                         'p', v.current_price, 's', v.sku = '', 'n', 1)));
  END IF;
  -- Most variants of a synced product may have no listing (no channel connected, or not listed):
  -- then there is nothing to flag, and the listings' UPDATE and its trigger are not run at all.
  IF v.is_synced AND EXISTS (SELECT 1 FROM channel_listings cl WHERE cl.variant_id = v.id) THEN
    connection_ids := ARRAY(
      SELECT stock_request_pushes(ARRAY[v.id], p_sold_listing, p_sold_qty, p_sold_since));
    -- A sale waits for the other channels it flagged until they confirm it (sync latency, 0060).
    IF p_cause = 'order' AND change < 0 AND cardinality(connection_ids) > 0 THEN
      PERFORM sync_sale_started(entry, v.organization_id, v.id, p_connection, p_now);
    END IF;
  END IF;
  -- The entry's facts, read under the variant's lock; the activity module formats its note. A
  -- decrease that leaves the master below 0 sold stock that did not exist: a warning 'Oversold'
  -- entry, whose source names the order (docs/decisions/0049).
  INSERT INTO activity_logs (organization_id, user_id, activity, note, details, status, created_at)
  VALUES (v.organization_id, p_user,
          CASE WHEN change < 0 AND quantity_after < 0 THEN 'Oversold' ELSE 'Stock changed' END,
          NULL,
          jsonb_build_object('product', v.product_title, 'variant', v.title, 'sku', v.sku,
                             'before', quantity_before, 'after', quantity_after, 'change', change,
                             'source', p_source),
          CASE WHEN change < 0 AND quantity_after < 0 THEN 'warning' ELSE 'info' END, p_now);
END $$;
