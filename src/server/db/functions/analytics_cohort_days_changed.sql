-- Keeps analytics_cohort_days (migration 0069) equal to the counts of analytics_shopper_firsts per
-- seller, action and first day, for the repeat cohorts of «Окупаемость»: whatever writes a
-- shopper's first two days (analytics_add_buyer_day() in the catch-up, the operator rebuild) moves
-- the counts in its own statement. Both writers hold the catch-up's lock (key space 2), so the
-- counts' rows are never written by two transactions at once; a changed row is taken off with its
-- old days and added with its new ones, so writing the same days again changes nothing.
--
-- A trigger with transition tables fires on one event only, so each event has its trigger; they
-- pass the rows added and taken off to one upsert (analytics_count_cohort_days.sql).
CREATE OR REPLACE FUNCTION analytics_cohort_days_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_count_cohort_days(ARRAY(SELECT n::analytics_shopper_firsts FROM new_rows n), '{}');
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM analytics_count_cohort_days(ARRAY(SELECT n::analytics_shopper_firsts FROM new_rows n),
                                        ARRAY(SELECT o::analytics_shopper_firsts FROM old_rows o));
  ELSE
    PERFORM analytics_count_cohort_days('{}', ARRAY(SELECT o::analytics_shopper_firsts FROM old_rows o));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER analytics_shopper_firsts_inserted
  AFTER INSERT ON analytics_shopper_firsts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_cohort_days_changed();

CREATE OR REPLACE TRIGGER analytics_shopper_firsts_updated
  AFTER UPDATE ON analytics_shopper_firsts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_cohort_days_changed();

CREATE OR REPLACE TRIGGER analytics_shopper_firsts_deleted
  AFTER DELETE ON analytics_shopper_firsts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_cohort_days_changed();
