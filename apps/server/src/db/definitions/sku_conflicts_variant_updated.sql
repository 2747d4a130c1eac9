-- A variant's SKU changed (SKU edit, generation, a conflict fix, an import undone): its own
-- conflicts, and those of the listings holding its old or new SKU (which changed owner), are
-- written again at commit (sku_conflicts_refresh, docs/decisions/0057). A row trigger naming the
-- column, since PostgreSQL gives no transition tables to those: stock changes never fire it.
CREATE OR REPLACE FUNCTION sku_conflicts_variant_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sku_conflicts_stale (organization_id, variant_ids, owner_skus)
  VALUES (NEW.organization_id, ARRAY[NEW.id],
          array_remove(ARRAY[lower(OLD.sku), lower(NEW.sku)], ''));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER sku_conflicts_variant_updated
  AFTER UPDATE OF sku ON product_variants
  FOR EACH ROW WHEN (OLD.sku IS DISTINCT FROM NEW.sku)
  EXECUTE FUNCTION sku_conflicts_variant_updated();
