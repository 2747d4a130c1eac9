-- Whether the alignment read of a listing (the first read after sync was turned on, whose quantity
-- is taken without a delta) counted a Shopify order's sale, so that the order is applied as an
-- order (docs/decisions/0025, "A sale during alignment"). The order was created since the
-- alignment started (`started`, our clock, less 5 s for Shopify's whole seconds and clock skew),
-- and either it was recorded before that read was chosen (`recorded_before_read`: the sale came
-- first) or it was created no later than the second of the level the read found (`read_at`, by
-- Shopify's clock, as the order's time is). Any other order is counted by the reads as usual.
CREATE OR REPLACE FUNCTION sync_alignment_counts(
  started timestamptz, read_at timestamptz, recorded_before_read boolean, created timestamptz
) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(created >= started - interval '5 seconds'
    AND (coalesce(recorded_before_read, false)
         OR date_trunc('second', created) <= date_trunc('second', read_at)), false)
$$;
