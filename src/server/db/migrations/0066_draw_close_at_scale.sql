-- The draw's close at a million tickets (docs/benchmarks.md, "Scale"; docs/decisions.md, Performance,
-- "The draw's close at a million tickets").
--
-- A draw's window is its action's successful receipts scanned between its start and its close: the
-- close, an open draw's pages and counts read it through this index, not through every receipt of
-- the action (a Parallel Seq Scan of 510 000 receipts for the 50 000 of the window).
CREATE INDEX receipts_action_scanned ON receipts (project_id, scanned_at) WHERE status = 'success';

-- The frozen list is written by one statement from the draw's own receipts, one row per receipt,
-- under the draw's row lock, and never changes after. Its two foreign keys checked it a row at a
-- time (half of the close's time), and the unique (draw_id, receipt_id), which nothing reads by,
-- a fifth of the insert's CPU. `admin verify` checks all three (the draws module's invariants).
ALTER TABLE draw_tickets
  DROP CONSTRAINT draw_tickets_draw_id_fkey,
  DROP CONSTRAINT draw_tickets_receipt_id_fkey,
  DROP CONSTRAINT draw_tickets_draw_id_receipt_id_key;
