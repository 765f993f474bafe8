-- Keeps points_expiring_days (migration 0071) summing, per action and Moscow day of expiry, to the
-- points left on the lots in points_lots, for the liability of «Окупаемость»: whatever changes a
-- lot's remainder (an award with an expiry, a debit, an expiry, a cancel) appends its change in the
-- same transaction. Appended rather than updated in place for the reason of buyer_points_totals:
-- no award of an action waits on another's row of the same day.
CREATE OR REPLACE FUNCTION points_expiring_days_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.remaining <> 0 THEN
    INSERT INTO points_expiring_days (project_id, expiry_day, points) VALUES (OLD.project_id, analytics_day(OLD.expires_at), -OLD.remaining);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.remaining <> 0 THEN
    INSERT INTO points_expiring_days (project_id, expiry_day, points) VALUES (NEW.project_id, analytics_day(NEW.expires_at), NEW.remaining);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER points_expiring_days_added
  AFTER INSERT OR DELETE ON points_lots
  FOR EACH ROW EXECUTE FUNCTION points_expiring_days_changed();

CREATE OR REPLACE TRIGGER points_expiring_days_moved
  AFTER UPDATE ON points_lots
  FOR EACH ROW
  WHEN (OLD.remaining <> NEW.remaining OR OLD.expires_at <> NEW.expires_at OR OLD.project_id <> NEW.project_id)
  EXECUTE FUNCTION points_expiring_days_changed();
