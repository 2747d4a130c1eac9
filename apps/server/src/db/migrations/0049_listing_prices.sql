-- Each listing keeps its price in its channel's currency (issue 26, ADR 0054): a TikTok shop that
-- prices in GBP is shown and exported in GBP, whatever the organisation's currency. Set by imports
-- from what the channel answered; NULL when it has not said (listings made before this).
ALTER TABLE channel_listings
  ADD COLUMN price numeric(12, 2) CHECK (price >= 0),
  ADD COLUMN currency text CHECK (currency ~ '^[A-Z]{3}$');
