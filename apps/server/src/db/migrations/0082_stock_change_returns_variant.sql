-- stock_apply_change also answers the variant's title, SKU, cost and price as it read them under
-- its lock, so a seller's edit answers the variant without reading it again (docs/decisions/0045):
-- its OUT parameters change, which CREATE OR REPLACE cannot do. definitions/stock_apply_change.sql
-- defines it again after the migrations.
DROP FUNCTION IF EXISTS stock_apply_change(uuid, uuid, integer, integer, text, uuid, text, uuid,
  text, text, uuid, integer, timestamptz, boolean, timestamptz, numeric, text);
