-- Analytics are counted after the check, in batches, instead of inside it (docs/decisions.md,
-- "Analytics: counted in batches, exact when read"). Measured under 10 parallel checks of one
-- seller on PostgreSQL: the two analytics triggers were 0.15 ms of the ~0.95 ms of database CPU
-- per check, and their rows (the day's figures, the day's products) were updated by every
-- check inside the seller's locked run. A receipt now only queues its id; the same rules run
-- over a batch of queued receipts: one upsert per day and verdict and one per day and product
-- for the whole batch, and the buyer-day links only for days the buyer did not have yet.

-- Receipts written but not yet counted. No key: it is only ever read whole, in batches, by
-- the one catch-up that holds its lock (analytics_catch_up).
CREATE TABLE analytics_pending (
  receipt_id bigint NOT NULL
);

-- The catch-up and the queue's trigger: src/server/db/functions/analytics_catch_up.sql and
-- receipts_after_insert.sql. A database migrated to 0016 before the functions had their own files
-- still has the per-receipt and per-statement triggers of 0008 and 0015, which go here.
DROP TRIGGER IF EXISTS receipts_analytics ON receipts;
DROP FUNCTION IF EXISTS analytics_record_receipt();
DROP TRIGGER IF EXISTS receipt_items_analytics ON receipt_items;
DROP FUNCTION IF EXISTS analytics_record_items();
