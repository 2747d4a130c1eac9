-- SKU conflict finder (issue 25 item 2, docs/decisions/0055). channel_sku is now what the channel
-- holds as far as we know: read by each import, set by each write-back.

-- An eBay listing's SKU is its key (external_variant_id).
UPDATE channel_listings cl SET channel_sku = cl.external_variant_id
FROM platform_connections pc
WHERE pc.id = cl.connection_id AND pc.platform = 'ebay' AND cl.channel_sku IS NULL;

-- Listings by the SKU their channel holds, ignoring case: duplicates on one account, and listings
-- whose SKU belongs to another variant, are found through it.
CREATE INDEX channel_listings_channel_sku_idx
  ON channel_listings (organization_id, lower(channel_sku), connection_id)
  WHERE channel_sku <> '';
