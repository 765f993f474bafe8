-- Keeps buyer_birthday_outsiders (migration 0072, buyer_birthday_outsiders_given.sql): a person's
-- first purchase or first points in the action make one who gave a birthday its shopper. The same
-- transaction lock as the birthday's trigger (key space 5), so of the two written at once the later
-- sees the earlier's row.
CREATE OR REPLACE FUNCTION buyer_birthday_outsiders_joined() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(5, hashtext(NEW.project_id || ':' || NEW.buyer_tg_id));
  DELETE FROM buyer_birthday_outsiders WHERE project_id = NEW.project_id AND buyer_tg_id = NEW.buyer_tg_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER buyer_birthday_outsiders_bought
  AFTER INSERT ON buyer_stats
  FOR EACH ROW EXECUTE FUNCTION buyer_birthday_outsiders_joined();

CREATE OR REPLACE TRIGGER buyer_birthday_outsiders_credited
  AFTER INSERT ON buyer_points
  FOR EACH ROW EXECUTE FUNCTION buyer_birthday_outsiders_joined();
