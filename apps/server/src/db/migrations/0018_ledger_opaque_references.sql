-- The inventory ledger keeps the connection and user of an entry as opaque ids (DESIGN.md §3:
-- "references to deleted connections or users stay as opaque ids"), so deleting either never
-- touches its rows (docs/decisions/0034-ebay-account-deletion-and-key-fetches.md).
--
-- Both columns were foreign keys ON DELETE SET NULL: deleting a connection (eBay marketplace
-- account deletion) or a user updated the ledger's rows, which its append-only trigger refuses, so
-- the deletion failed on every attempt. Readers already LEFT JOIN these columns and show a deleted
-- connection's entries without platform or alias.
ALTER TABLE inventory_ledger
  DROP CONSTRAINT inventory_ledger_connection_id_fkey,
  DROP CONSTRAINT inventory_ledger_user_id_fkey;
