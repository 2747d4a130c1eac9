-- The one way a master quantity changes (MasterQuantities.apply): under the variant's row lock, an
-- append-only ledger entry whose idempotency key is unique per organisation (a repeat changes
-- nothing), the new quantity, push flags for the variant's listings when its product is synced,
-- and an activity entry (its facts; the activity module formats its text when it reads it), all in
-- the caller's transaction (or as one statement). An order line's entry keeps the unit price and
-- currency the channel reported (NULL when it gave none); the variant's move between the analytics
-- stock buckets is appended here for their fold (analytics_stock_fold), as the catalogue's
-- triggers step aside for a stock change (docs/decisions/0045, 0051), and the change's live event
-- is recorded here too (0048).
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
  OUT quantity_after integer, OUT connection_ids uuid[],
  -- The variant as read under its lock (its quantity is quantity_after): a seller's edit answers
  -- it without reading it again (docs/decisions/0045).
  OUT variant_title text, OUT variant_sku text, OUT variant_cost numeric, OUT variant_price numeric
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
         pv.available_qty, p.is_synced, pv.cost_price, pv.current_price, p.lowest_qty
    INTO v
    FROM product_variants pv JOIN products p ON p.id = pv.product_id
    WHERE pv.id = p_variant AND (p_organization IS NULL OR pv.organization_id = p_organization)
    -- The product's row too (as its UPDATE below would, no key change): changes of one product's
    -- variants take it in turn, so the lowest quantity read here is the product's current one.
    FOR UPDATE OF pv FOR NO KEY UPDATE OF p;
  IF NOT FOUND THEN RETURN; END IF;
  variant_found := true;
  variant_title := v.title;
  variant_sku := v.sku;
  variant_cost := v.cost_price;
  variant_price := v.current_price;
  quantity_before := v.available_qty;
  quantity_after := v.available_qty;
  IF p_only_if_synced AND NOT v.is_synced THEN RETURN; END IF;
  change := coalesce(p_set - quantity_before, p_delta);
  -- Until its own writes are done, the catalogue's and the ledger's statement triggers step aside
  -- (stock_change_in_progress): this function does what they would, for one row, without reading
  -- transition tables (docs/decisions/0045).
  PERFORM set_config('stocksync.stock_change', 'on', true);
  INSERT INTO inventory_ledger (organization_id, variant_id, delta, qty_before, qty_after, cause,
                                connection_id, reference, user_id, idempotency_key, created_at,
                                unit_price, currency)
  VALUES (v.organization_id, v.id, change, quantity_before, quantity_before + change, p_cause,
          p_connection, p_reference, p_user, p_key, p_now, p_unit_price, p_currency)
  ON CONFLICT (organization_id, idempotency_key) DO NOTHING
  RETURNING id INTO entry;
  IF entry IS NULL THEN
    PERFORM set_config('stocksync.stock_change', 'off', true);
    RETURN;
  END IF;
  applied := true;
  quantity_after := quantity_before + change;
  -- The entry's live event `stock`, as live_events_stock writes it for any other ledger insert.
  PERFORM live_event_publish(v.organization_id, 'stock', jsonb_build_object('count', 1,
    'variants', jsonb_build_array(jsonb_build_object(
      'variant_id', v.id, 'product_id', v.product_id, 'quantity', quantity_after,
      'change', change, 'cause', p_cause))));
  IF change <> 0 THEN
    -- The product's total moves here by the difference.
    UPDATE product_variants SET available_qty = quantity_after, updated_at = p_now
    WHERE id = v.id;
    -- The product's lowest quantity (Oversold, Low stock) follows without reading its variants,
    -- unless the variant that was the lowest went up: then they are read again, in a statement
    -- whose snapshot sees every change committed before this one took the product's row.
    IF v.lowest_qty = quantity_before AND quantity_after > quantity_before THEN
      SELECT min(pv.available_qty) INTO lowest FROM product_variants pv
      WHERE pv.product_id = v.product_id;
    ELSE
      lowest := least(v.lowest_qty, quantity_after);
    END IF;
    UPDATE products SET available_qty = available_qty + change, lowest_qty = lowest
    WHERE id = v.product_id;
    -- The variant's move between the analytics stock buckets, and its product's between the
    -- lowest-quantity buckets, appended for the fold (analytics_stock_fold): no bucket row is
    -- written, so concurrent changes of the organisation do not wait for each other here.
    INSERT INTO analytics_stock_pending (organization_id, qty_before, qty_after, cost_price,
                                         current_price, no_sku, lowest_before, lowest_after)
    VALUES (v.organization_id, quantity_before, quantity_after, v.cost_price, v.current_price,
            v.sku = '', v.lowest_qty, lowest);
  END IF;
  PERFORM set_config('stocksync.stock_change', 'off', true);
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
