-- Every writer of receipts (a check, a refusal, a bulk import) keeps the history's counters
-- (receipt_counts) exact in its own transaction and queues its receipts with an action for the
-- analytics (analytics_catch_up). One statement-level trigger: a bulk INSERT … SELECT updates each
-- counter once (docs/decisions.md, "The check writes only what it must").
--
-- The award (award_receipt.sql) writes its receipt before taking the seller's lock and adds it to
-- the counter itself after the lock, the counter being the seller's shared row: it says so for its
-- one INSERT by the transaction-local setting scanapp.receipt_counted_by_award.
CREATE OR REPLACE FUNCTION receipts_after_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('scanapp.receipt_counted_by_award', true) IS DISTINCT FROM 'on' THEN
    INSERT INTO receipt_counts (user_id, project_id, receipts)
    SELECT user_id, coalesce(project_id, 0), count(*) FROM inserted GROUP BY 1, 2
    ON CONFLICT (user_id, project_id) DO UPDATE SET receipts = receipt_counts.receipts + EXCLUDED.receipts;
  END IF;
  INSERT INTO analytics_pending (receipt_id) SELECT id FROM inserted WHERE project_id IS NOT NULL;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER receipts_after_insert
  AFTER INSERT ON receipts REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION receipts_after_insert();
