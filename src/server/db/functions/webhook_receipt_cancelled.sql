-- `receipt.cancelled` once per receipt, queued in the cancel's transaction (cancel_receipt.sql sets
-- cancelled_at once); see webhook_receipts_inserted.sql for the scheme.
CREATE OR REPLACE FUNCTION webhook_receipt_cancelled() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (endpoint_id, user_id, type, subject, created_at)
  SELECT e.id, e.user_id, 'receipt.cancelled', NEW.id, NEW.cancelled_at
    FROM webhook_endpoints e
   WHERE e.user_id = NEW.user_id AND e.enabled AND 'receipt.cancelled' = ANY (e.events)
     AND (e.project_id IS NULL OR e.project_id = NEW.project_id)
   ORDER BY e.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER webhook_receipt_cancelled
  AFTER UPDATE OF cancelled_at ON receipts
  FOR EACH ROW WHEN (OLD.cancelled_at IS NULL AND NEW.cancelled_at IS NOT NULL)
  EXECUTE FUNCTION webhook_receipt_cancelled();
