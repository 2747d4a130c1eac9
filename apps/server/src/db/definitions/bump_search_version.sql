-- search_version changes whenever what a product search matches may change other than by adding or
-- removing products (list_version counts those): a product's title changes, or a variant with a SKU
-- is added, removed, moved to another product or has its SKU changed. The server keeps the products
-- a search term matched for one (list_version, search_version) of the organisation, so repeated
-- searches and the pages of one search skip the trigram index work (docs/decisions/0014).
-- No counters row means no products, so nothing held to invalidate.
CREATE OR REPLACE FUNCTION bump_search_version(organization_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE organization_catalog_stats
  SET search_version = search_version + 1
  WHERE organization_id = ANY (organization_ids);
$$;
