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

-- Not for the award's credit (award_receipt.sql holds the setting around it): the statistics row
-- written in the same transaction makes the shopper one by the trigger above.
CREATE OR REPLACE TRIGGER buyer_birthday_outsiders_credited
  AFTER INSERT ON buyer_points
  FOR EACH ROW
  WHEN (current_setting('scanapp.crediting_a_purchase', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION buyer_birthday_outsiders_joined();
