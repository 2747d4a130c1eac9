-- Issue 22 item 3: each organisation says from what quantity a variant counts as Low stock (at or
-- below it; 0 through the threshold, a master below 0 is Oversold). Default 5, as the design says.
-- The bounds match the contract's (LOW_STOCK_THRESHOLD_MAX = the largest quantity a seller can set).
ALTER TABLE organizations
  ADD COLUMN low_stock_threshold integer NOT NULL DEFAULT 5
    CONSTRAINT organizations_low_stock_threshold_range
    CHECK (low_stock_threshold BETWEEN 0 AND 1000000);
