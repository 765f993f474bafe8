-- A cancelled receipt leaves the capture rate («Окупаемость»: its purchase was returned, as the
-- marketplace leaves the returned unit out of the units sold net). The catch-up counts every
-- accepted receipt, cancelled or not, and this takes it off once, when it is cancelled: adding and
-- taking off commute, so it does not matter whether the catch-up has counted it yet. A row may
-- stand at zero meanwhile; the reads leave such rows out, and a rebuild writes none.
--
-- The catch-up's lock (key space 2) first: both write several rows of the same tables, and in
-- one order they never wait for each other in a circle.
CREATE OR REPLACE FUNCTION analytics_uncount_cancelled() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(2, 0);
  INSERT INTO analytics_capture AS capture (user_id, project_id, day, seller_inn, receipts, units)
  SELECT NEW.user_id, NEW.project_id, analytics_day(coalesce(NEW.issued_at, NEW.scanned_at)), NEW.seller_inn, -1, -sum(i.quantity)
    FROM receipt_items i
   WHERE i.receipt_id = NEW.id AND i.status = 'counted'
  HAVING count(*) > 0
  ON CONFLICT (user_id, project_id, day, seller_inn) DO UPDATE SET
    receipts = capture.receipts + EXCLUDED.receipts,
    units = capture.units + EXCLUDED.units;

  INSERT INTO analytics_capture_items AS item (user_id, project_id, day, seller_inn, name, items, units)
  SELECT NEW.user_id, NEW.project_id, analytics_day(coalesce(NEW.issued_at, NEW.scanned_at)), NEW.seller_inn, i.name, -count(*), -sum(i.quantity)
    FROM receipt_items i
   WHERE i.receipt_id = NEW.id AND i.status = 'counted'
   GROUP BY i.name
  ON CONFLICT (user_id, project_id, day, seller_inn, md5(name)) DO UPDATE SET
    items = item.items + EXCLUDED.items,
    units = item.units + EXCLUDED.units;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER receipts_after_cancel
  AFTER UPDATE OF cancelled_at ON receipts
  FOR EACH ROW
  WHEN (OLD.cancelled_at IS NULL AND NEW.cancelled_at IS NOT NULL AND NEW.status = 'success'
        AND NEW.project_id IS NOT NULL AND NEW.seller_inn IS NOT NULL)
  EXECUTE FUNCTION analytics_uncount_cancelled();
