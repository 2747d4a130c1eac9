-- The product search's text lowered once, when a product is written, instead of on every
-- candidate of every search (docs/decisions/0016). ILIKE lowers both of its sides for each row it
-- tests, and a search tested each candidate twice (the trigram pattern, then title or SKUs
-- containing the term): about 1 µs a candidate, some 0.3 ms of a two-word search. The search now
-- tests the stored lower-case text with LIKE and strpos, which compare bytes.
--
-- search_text: lower(title || U+001F || skus), kept by PostgreSQL whenever title or skus change
-- (skus by refresh_product_aggregates, migration 0016). Stock and flag updates leave it as it is,
-- so they stay HOT updates. pg_trgm lowers what it indexes either way, so the index holds the
-- same trigrams as products_search_trgm_idx did.
ALTER TABLE products
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(title || E'\x1f' || skus)) STORED;

-- ProductsRepository's search must test this column for the index to be used.
CREATE INDEX products_search_text_trgm_idx ON products USING gin (search_text gin_trgm_ops);
DROP INDEX products_search_trgm_idx;
