-- The one way a master quantity changes (MasterQuantities.apply): under the variant's row lock, an
-- append-only ledger entry whose idempotency key is unique per organisation (a repeat changes
-- nothing), the new quantity, push flags for the variant's listings when its product is synced,
-- and an activity entry (its facts; the activity module formats its text when it reads it), all in
-- the caller's transaction (or as one statement).
--
-- One round trip instead of six statements: on this hardware a round trip costs both processes far
-- more than these statements' execution. Each statement still takes its own snapshot (a VOLATILE
-- PL/pgSQL function does), so concurrency is that of separate statements: the variant row lock
-- orders changes, and the push flags are computed from the rows they update (docs/decisions/0026).
CREATE OR REPLACE FUNCTION stock_apply_change(
  p_variant uuid, p_organization uuid, p_delta integer, p_set integer, p_cause text,
  p_connection uuid, p_reference text, p_user uuid, p_key text, p_source text,
  p_sold_listing uuid, p_sold_qty integer, p_sold_since timestamptz,
  p_only_if_synced boolean, p_now timestamptz,
  OUT variant_found boolean, OUT applied boolean, OUT quantity_before integer,
  OUT quantity_after integer, OUT connection_ids uuid[]
) LANGUAGE plpgsql AS $$
DECLARE
  v record;
  entry bigint;
  change integer;
BEGIN
  variant_found := false;
  applied := false;
  connection_ids := '{}';
  SELECT pv.id, pv.organization_id, pv.product_id, pv.title, pv.sku, p.title AS product_title,
         pv.available_qty, p.is_synced
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
                                connection_id, reference, user_id, idempotency_key, created_at)
  VALUES (v.organization_id, v.id, change, quantity_before, quantity_before + change, p_cause,
          p_connection, p_reference, p_user, p_key, p_now)
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
    UPDATE products SET available_qty = available_qty + change WHERE id = v.product_id;
    PERFORM set_config('stocksync.stock_change', 'off', true);
  END IF;
  -- Most variants of a synced product may have no listing (no channel connected, or not listed):
  -- then there is nothing to flag, and the listings' UPDATE and its trigger are not run at all.
  IF v.is_synced AND EXISTS (SELECT 1 FROM channel_listings cl WHERE cl.variant_id = v.id) THEN
    connection_ids := ARRAY(
      SELECT stock_request_pushes(ARRAY[v.id], p_sold_listing, p_sold_qty, p_sold_since));
  END IF;
  -- The entry's facts, read under the variant's lock; the activity module formats its note.
  INSERT INTO activity_logs (organization_id, user_id, activity, note, details, status, created_at)
  VALUES (v.organization_id, p_user, 'Stock changed', NULL,
          jsonb_build_object('product', v.product_title, 'variant', v.title, 'sku', v.sku,
                             'before', quantity_before, 'after', quantity_after, 'change', change,
                             'source', p_source),
          'info', p_now);
END $$;
