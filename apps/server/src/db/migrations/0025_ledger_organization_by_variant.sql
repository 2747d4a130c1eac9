-- A ledger entry reaches its organisation through its variant: deleting an organisation deletes its
-- products, their variants and, by the variant's foreign key, their entries. The foreign key on
-- organization_id added nothing to that, and every stock change paid for it: a lookup and a
-- key-share lock of the organisation's row, which every concurrent change of the organisation
-- takes (docs/decisions/0045). The column stays, for scoping and the idempotency key's index, as
-- it does on variants and listings.
ALTER TABLE inventory_ledger DROP CONSTRAINT inventory_ledger_organization_id_fkey;
