-- A product's title changing moves its organisation's search_version on (bump_search_version).
-- A row trigger with a column list: an UPDATE that does not set the title (stock changes, the
-- aggregates) does not fire it at all; one that sets it unchanged is stopped by WHEN.
CREATE OR REPLACE FUNCTION products_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_search_version(ARRAY[NEW.organization_id]);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER products_search_title
  AFTER UPDATE OF title ON products
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION products_search_changed();
