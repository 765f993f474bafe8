-- Keeps buyer_points.birthday_month (migration 0082) equal to the shopper's birthday month in the
-- action (buyer_birthdays), NULL without one: a segment's month with a minimum balance starts from
-- the balances of that month by its index. Written when a birthday is given or its month changes
-- and when a shopper's first balance row is inserted; never on an update of a known shopper's
-- balance (an award, a spend, expiry), which leaves the month as it is. A birthday and the same
-- person's first points may be written at once by two transactions, neither seeing the other's
-- row: both triggers take the birthday triggers' transaction lock on the (action, person) pair
-- (advisory key space 5, buyer_birthday_outsiders_given.sql), so the later one's next statement
-- sees the earlier's row.
CREATE OR REPLACE FUNCTION buyer_points_birthday_month() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(5, hashtext(NEW.project_id || ':' || NEW.buyer_tg_id));
  IF TG_TABLE_NAME = 'buyer_birthdays' THEN
    UPDATE buyer_points p SET birthday_month = NEW.month
     WHERE p.project_id = NEW.project_id AND p.buyer_tg_id = NEW.buyer_tg_id AND p.birthday_month IS DISTINCT FROM NEW.month;
  ELSE
    UPDATE buyer_points p SET birthday_month = b.month
      FROM buyer_birthdays b
     WHERE b.project_id = NEW.project_id AND b.buyer_tg_id = NEW.buyer_tg_id
       AND p.project_id = NEW.project_id AND p.buyer_tg_id = NEW.buyer_tg_id AND p.birthday_month IS DISTINCT FROM b.month;
  END IF;
  RETURN NULL;
END $$;

-- A shopper's first points (an award's too: its later updates of the row fire nothing here).
CREATE OR REPLACE TRIGGER buyer_points_birthday_month
  AFTER INSERT ON buyer_points
  FOR EACH ROW EXECUTE FUNCTION buyer_points_birthday_month();

CREATE OR REPLACE TRIGGER buyer_points_birthday_given
  AFTER INSERT ON buyer_birthdays
  FOR EACH ROW EXECUTE FUNCTION buyer_points_birthday_month();

CREATE OR REPLACE TRIGGER buyer_points_birthday_moved
  AFTER UPDATE ON buyer_birthdays
  FOR EACH ROW
  WHEN (OLD.month <> NEW.month)
  EXECUTE FUNCTION buyer_points_birthday_month();
