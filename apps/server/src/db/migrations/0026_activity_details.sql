-- An activity entry may keep its facts instead of its text: `details` holds them (a stock change's
-- product, variant, SKU, quantities and source, written by stock_apply_change) and the activity
-- module formats the note when it reads the entry, as it formats every other entry's note before
-- writing it (docs/decisions/0045). Such an entry has no stored note.
ALTER TABLE activity_logs
  ADD COLUMN details jsonb,
  ALTER COLUMN note DROP NOT NULL,
  ADD CONSTRAINT activity_logs_note_or_details CHECK (note IS NOT NULL OR details IS NOT NULL);
