-- Import with SKU write-back (issue 25 item 1, docs/decisions/0055): the seller opted in to send
-- the SKUs the import generates to the channel listings.
ALTER TABLE imports ADD COLUMN write_back_skus boolean NOT NULL DEFAULT false;
