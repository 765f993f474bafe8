-- Keeps buyer_birthday_outsiders (migration 0072): the birthdays given in an action by someone not
-- yet its shopper (no buyer_stats and no buyer_points row; neither is ever deleted, so a shopper
-- stays one). A birthday and the same person's first purchase or points may be written at once by
-- two transactions, neither seeing the other's row: each trigger first takes a transaction lock on
-- the (action, person) pair (advisory key space 5), so the later one waits for the earlier's commit
-- and its next statement sees that row.
CREATE OR REPLACE FUNCTION buyer_birthday_outsiders_given() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(5, hashtext(NEW.project_id || ':' || NEW.buyer_tg_id));
  IF TG_OP = 'UPDATE' THEN
    UPDATE buyer_birthday_outsiders SET month = NEW.month WHERE project_id = NEW.project_id AND buyer_tg_id = NEW.buyer_tg_id;
  -- The statistics by their primary key, with the action's seller (buyer_points_only_credited.sql says why).
  ELSIF NOT EXISTS (SELECT 1 FROM projects pr JOIN buyer_stats s ON s.user_id = pr.user_id AND s.project_id = pr.id
                     WHERE pr.id = NEW.project_id AND s.buyer_tg_id = NEW.buyer_tg_id)
    AND NOT EXISTS (SELECT 1 FROM buyer_points WHERE project_id = NEW.project_id AND buyer_tg_id = NEW.buyer_tg_id) THEN
    INSERT INTO buyer_birthday_outsiders (project_id, buyer_tg_id, month) VALUES (NEW.project_id, NEW.buyer_tg_id, NEW.month);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER buyer_birthday_outsiders_given
  AFTER INSERT ON buyer_birthdays
  FOR EACH ROW EXECUTE FUNCTION buyer_birthday_outsiders_given();

CREATE OR REPLACE TRIGGER buyer_birthday_outsiders_moved
  AFTER UPDATE ON buyer_birthdays
  FOR EACH ROW
  WHEN (OLD.month <> NEW.month)
  EXECUTE FUNCTION buyer_birthday_outsiders_given();
