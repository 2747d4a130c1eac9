-- A master quantity change in one round trip. MasterQuantities.apply used to send six statements
-- (lock, ledger, quantity, push flags, activity, plus BEGIN/COMMIT): on this hardware a round
-- trip costs both processes far more than these statements' execution, and a sale makes several
-- such changes' worth of them. The statements are the same, in the same order, and each still
-- takes its own snapshot (a VOLATILE PL/pgSQL function does), so concurrency is unchanged: the
-- variant row lock orders changes, and the push flags are computed from the rows they update.
-- ADR 0026.

-- Flags a variant's listings for a push: those whose known quantity differs from the master (never
-- below zero), and those with a push pending (its seq moves on, so an answer to a push in flight
-- cannot clear the request). `sold_listing` is a listing on a channel without compare-and-set that
-- sold by itself: it now holds `sold_qty` less, unless one of our pushes since `sold_since` may
-- have overwritten its decrement; then what it holds is unknown and it is re-read. Every value
-- comes from the row being updated, not a snapshot read before it: a push answer recorded
-- concurrently (without the variant lock) must not be overwritten. Answers the connections that
-- now have work, sorted (every caller takes their job rows in the same order).
CREATE FUNCTION stock_request_pushes(
  variant_ids uuid[], sold_listing uuid, sold_qty integer, sold_since timestamptz
) RETURNS SETOF uuid LANGUAGE sql AS $$
  WITH flagged AS (
    UPDATE channel_listings cl
    SET push_pending = (cl.push_pending OR cl.drift_qty IS NOT NULL
          OR (NOT coalesce(cl.id = sold_listing AND cl.last_pushed_at >= sold_since, false)
              AND (CASE WHEN cl.id IS DISTINCT FROM sold_listing THEN cl.channel_qty
                        ELSE cl.channel_qty - coalesce(sold_qty, 0) END)
                  IS DISTINCT FROM greatest(0, pv.available_qty))),
        push_seq = cl.push_seq + (cl.push_pending OR cl.drift_qty IS NOT NULL
          OR (NOT coalesce(cl.id = sold_listing AND cl.last_pushed_at >= sold_since, false)
              AND (CASE WHEN cl.id IS DISTINCT FROM sold_listing THEN cl.channel_qty
                        ELSE cl.channel_qty - coalesce(sold_qty, 0) END)
                  IS DISTINCT FROM greatest(0, pv.available_qty)))::int,
        check_pending = cl.check_pending
          OR coalesce(cl.id = sold_listing AND cl.last_pushed_at >= sold_since, false),
        channel_qty = CASE
          WHEN cl.id IS DISTINCT FROM sold_listing THEN cl.channel_qty
          WHEN coalesce(cl.last_pushed_at >= sold_since, false) THEN NULL
          ELSE cl.channel_qty - coalesce(sold_qty, 0) END,
        drift_qty = NULL, drift_seen_at = NULL
    FROM product_variants pv
    WHERE pv.id = cl.variant_id AND cl.variant_id = ANY(variant_ids)
      AND (cl.id = sold_listing OR cl.push_pending OR cl.drift_qty IS NOT NULL
           OR cl.channel_qty IS DISTINCT FROM greatest(0, pv.available_qty))
    RETURNING cl.connection_id, cl.push_pending OR cl.check_pending AS work
  )
  SELECT DISTINCT connection_id FROM flagged WHERE work ORDER BY connection_id
$$;

-- The one way a master quantity changes (MasterQuantities.apply): under the variant's row lock, an
-- append-only ledger entry whose idempotency key is unique per organisation (a repeat changes
-- nothing), the new quantity, push flags for the variant's listings when its product is synced,
-- and an activity entry, all in the caller's transaction (or as one statement).
CREATE FUNCTION stock_apply_change(
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
  SELECT pv.id, pv.organization_id, pv.title, pv.sku, p.title AS product_title, pv.available_qty,
         p.is_synced
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
    UPDATE product_variants SET available_qty = quantity_after, updated_at = p_now
    WHERE id = v.id;
  END IF;
  IF v.is_synced THEN
    connection_ids := ARRAY(
      SELECT stock_request_pushes(ARRAY[v.id], p_sold_listing, p_sold_qty, p_sold_since));
  END IF;
  INSERT INTO activity_logs (organization_id, user_id, activity, note, status, created_at)
  VALUES (v.organization_id, p_user, 'Stock changed',
          format('''%s'' / ''%s''%s: %s → %s (%s%s), %s', v.product_title, v.title,
                 CASE WHEN coalesce(v.sku, '') <> '' THEN format(' (SKU %s)', v.sku) ELSE '' END,
                 quantity_before, quantity_after, CASE WHEN change >= 0 THEN '+' ELSE '' END,
                 change, p_source),
          'info', p_now);
END $$;
