-- Keeps buyer_points_totals (migration 0069) summing to each action's points available and held
-- in buyer_points, for the liability of «Окупаемость»: whatever moves a shopper's points (an award,
-- a hold released, an exchange, expiry, a cancel) appends its change in the same transaction. An
-- append takes no lock another writer waits for: a per-action row updated in place would queue
-- every award of the action behind it, and deadlock a transaction that moves two shoppers' points
-- (a referral credits the friend and the inviter) against one that holds the second shopper.
CREATE OR REPLACE FUNCTION buyer_points_totals_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO buyer_points_totals (project_id, balance, held) VALUES (NEW.project_id, NEW.balance, NEW.held);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO buyer_points_totals (project_id, balance, held) VALUES (OLD.project_id, -OLD.balance, -OLD.held);
  ELSIF OLD.project_id = NEW.project_id THEN
    INSERT INTO buyer_points_totals (project_id, balance, held) VALUES (NEW.project_id, NEW.balance - OLD.balance, NEW.held - OLD.held);
  ELSE
    INSERT INTO buyer_points_totals (project_id, balance, held)
    VALUES (OLD.project_id, -OLD.balance, -OLD.held), (NEW.project_id, NEW.balance, NEW.held);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER buyer_points_totals_added
  AFTER INSERT OR DELETE ON buyer_points
  FOR EACH ROW EXECUTE FUNCTION buyer_points_totals_changed();

CREATE OR REPLACE TRIGGER buyer_points_totals_moved
  AFTER UPDATE ON buyer_points
  FOR EACH ROW
  WHEN (OLD.balance <> NEW.balance OR OLD.held <> NEW.held OR OLD.project_id <> NEW.project_id)
  EXECUTE FUNCTION buyer_points_totals_changed();
