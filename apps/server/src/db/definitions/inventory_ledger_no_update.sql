-- Append-only: entries are never edited (deleting a variant or organisation removes its entries).
CREATE OR REPLACE FUNCTION inventory_ledger_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'inventory_ledger is append-only';
END $$;

CREATE OR REPLACE TRIGGER inventory_ledger_append_only
  BEFORE UPDATE ON inventory_ledger
  FOR EACH ROW EXECUTE FUNCTION inventory_ledger_no_update();
