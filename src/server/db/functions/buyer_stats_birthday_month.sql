-- Keeps buyer_stats.birthday_month (migration 0089) equal to the shopper's birthday month in the
-- action (buyer_birthdays), NULL without one: a segment's month with a spending or a recency reads
-- the month's buyers from the index `buyer_stats_birthday_month` alone. Written when a birthday is
-- given or its month changes and when a shopper's first statistics row is inserted (an `AFTER
-- INSERT` trigger: the award's upsert of a known shopper is an update and fires nothing here). The
-- same transaction lock as the birthday triggers' (key space 5, buyer_birthday_outsiders_given.sql),
-- so of a birthday and a first purchase written at once the later sees the earlier's row.
CREATE OR REPLACE FUNCTION buyer_stats_birthday_month() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(5, hashtext(NEW.project_id || ':' || NEW.buyer_tg_id));
  IF TG_TABLE_NAME = 'buyer_birthdays' THEN
    -- The statistics by their primary key, with the action's seller (buyer_points_only_credited.sql says why).
    UPDATE buyer_stats s SET birthday_month = NEW.month
      FROM projects pr
     WHERE pr.id = NEW.project_id AND s.user_id = pr.user_id AND s.project_id = NEW.project_id AND s.buyer_tg_id = NEW.buyer_tg_id
       AND s.birthday_month IS DISTINCT FROM NEW.month;
  ELSE
    UPDATE buyer_stats s SET birthday_month = b.month
      FROM buyer_birthdays b
     WHERE b.project_id = NEW.project_id AND b.buyer_tg_id = NEW.buyer_tg_id
       AND s.user_id = NEW.user_id AND s.project_id = NEW.project_id AND s.buyer_tg_id = NEW.buyer_tg_id
       AND s.birthday_month IS DISTINCT FROM b.month;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER buyer_stats_birthday_month
  AFTER INSERT ON buyer_stats
  FOR EACH ROW EXECUTE FUNCTION buyer_stats_birthday_month();

CREATE OR REPLACE TRIGGER buyer_stats_birthday_given
  AFTER INSERT ON buyer_birthdays
  FOR EACH ROW EXECUTE FUNCTION buyer_stats_birthday_month();

CREATE OR REPLACE TRIGGER buyer_stats_birthday_moved
  AFTER UPDATE ON buyer_birthdays
  FOR EACH ROW
  WHEN (OLD.month <> NEW.month)
  EXECUTE FUNCTION buyer_stats_birthday_month();
