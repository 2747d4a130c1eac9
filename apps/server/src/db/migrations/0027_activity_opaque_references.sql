-- Activity entries keep their organisation and author as opaque ids, as the inventory ledger does
-- (migrations 0018, 0025; DESIGN: references to deleted users stay as opaque ids).
--
-- Every stock change writes an entry, and each foreign key made it key-share-lock the same row of
-- organizations and of users as every concurrent change of the organisation by that person: the
-- rows' lockers became MultiXacts (0.9 per change at 10 clients), each lock a WAL record, all on
-- one hot page (docs/decisions/0045). What the keys did stays: the list joins users with a LEFT
-- JOIN (a deleted author shows as none, as SET NULL made it), and deleting an organisation deletes
-- its entries through a trigger (definitions/organizations_delete_activity.sql) instead of the
-- cascade. Entries are written only with the organisation and user of the request or job at hand.
ALTER TABLE activity_logs
  DROP CONSTRAINT activity_logs_organization_id_fkey,
  DROP CONSTRAINT activity_logs_user_id_fkey;
