-- Why a listing is re-read, typed: the order an order webhook named in its own column, and a stock
-- check's second look at a difference as a flag (check_reason held 'order:<id>' or 'reconcile' as
-- text, parsed back by the job). And no column that is written but never read: last_seen_qty,
-- last_seen_at and last_pushed_qty repeated channel_qty and its times (docs/stock-sync.md).
ALTER TABLE channel_listings
  ADD COLUMN check_order_id text,
  ADD COLUMN check_reconcile boolean NOT NULL DEFAULT false;

UPDATE channel_listings
SET check_order_id = CASE WHEN check_reason LIKE 'order:%' THEN substr(check_reason, 7) END,
    check_reconcile = (check_reason = 'reconcile')
WHERE check_reason IS NOT NULL;

ALTER TABLE channel_listings
  DROP COLUMN check_reason,
  DROP COLUMN last_seen_qty,
  DROP COLUMN last_seen_at,
  DROP COLUMN last_pushed_qty;
