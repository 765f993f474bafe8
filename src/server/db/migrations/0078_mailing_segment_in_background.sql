-- A mailing sent now to a large segment writes its first batch of recipients in the seller's
-- request and the rest in the background, one batch per transaction (docs/decisions.md). Until
-- then the mailing keeps the segment as it was sent: its conditions, the moment they are read at
-- (a «within N days» must not move between batches) and the last shopper written, the keyset
-- cursor a worker after a crash or restart goes on from. All three are cleared once every
-- shopper is written (or the mailing is stopped); only then may it be sent.
ALTER TABLE mailings ADD COLUMN segment_conditions jsonb;
ALTER TABLE mailings ADD COLUMN segment_as_of timestamptz;
ALTER TABLE mailings ADD COLUMN segment_after text;
ALTER TABLE mailings ADD CONSTRAINT mailings_segment_being_written
  CHECK (segment_conditions IS NULL OR (project_id IS NOT NULL AND segment_as_of IS NOT NULL AND segment_after IS NOT NULL AND status = 'sending'));
