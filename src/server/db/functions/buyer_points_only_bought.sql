-- Keeps buyer_points_only (migration 0075, buyer_points_only_credited.sql): the first purchase makes a
-- points-only shopper a buyer. The same transaction lock as the balance's trigger (key space 5).
CREATE OR REPLACE FUNCTION buyer_points_only_bought() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(5, hashtext(NEW.project_id || ':' || NEW.buyer_tg_id));
  DELETE FROM buyer_points_only WHERE project_id = NEW.project_id AND buyer_tg_id = NEW.buyer_tg_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER buyer_points_only_bought
  AFTER INSERT ON buyer_stats
  FOR EACH ROW EXECUTE FUNCTION buyer_points_only_bought();
