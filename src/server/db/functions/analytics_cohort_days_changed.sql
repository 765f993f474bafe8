-- Keeps analytics_cohort_days (migration 0069) equal to the counts of analytics_shopper_firsts per
-- seller, action and first day, for the repeat cohorts of «Окупаемость»: whatever writes a
-- shopper's first two days (analytics_add_buyer_day() in the catch-up, the operator rebuild) moves
-- the counts in its own statement. Both writers hold the catch-up's lock (key space 2), so the
-- counts' rows are never written by two transactions at once; a changed row is taken off with its
-- old days and added with its new ones, so writing the same days again changes nothing.
--
-- A trigger with transition tables fires on one event only, so each event has its trigger; they
-- pass the rows added and taken off to one upsert, whose plan is kept (static SQL, the catch-up
-- calls it for every new buyer day).
CREATE OR REPLACE FUNCTION analytics_count_cohort_days(added analytics_shopper_firsts[], removed analytics_shopper_firsts[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_cohort_days AS counts (user_id, project_id, first_day, shoppers, repeated_30, repeated_60, repeated_90)
  SELECT user_id, project_id, first_day, sum(sign),
         coalesce(sum(sign) FILTER (WHERE second_day <= first_day + 30), 0),
         coalesce(sum(sign) FILTER (WHERE second_day <= first_day + 60), 0),
         coalesce(sum(sign) FILTER (WHERE second_day <= first_day + 90), 0)
    FROM (SELECT a.*, 1 AS sign FROM unnest(added) AS a
          UNION ALL
          SELECT r.*, -1 AS sign FROM unnest(removed) AS r) AS changed
   GROUP BY 1, 2, 3
  -- A row updated with the days it had cancels out.
  HAVING sum(sign) <> 0 OR sum(sign) FILTER (WHERE second_day <= first_day + 30) <> 0
      OR sum(sign) FILTER (WHERE second_day <= first_day + 60) <> 0 OR sum(sign) FILTER (WHERE second_day <= first_day + 90) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT (user_id, project_id, first_day) DO UPDATE SET
    shoppers = counts.shoppers + EXCLUDED.shoppers,
    repeated_30 = counts.repeated_30 + EXCLUDED.repeated_30,
    repeated_60 = counts.repeated_60 + EXCLUDED.repeated_60,
    repeated_90 = counts.repeated_90 + EXCLUDED.repeated_90;
  IF cardinality(removed) > 0 THEN
    DELETE FROM analytics_cohort_days counts
     USING (SELECT DISTINCT user_id, project_id, first_day FROM unnest(removed)) AS touched
     WHERE counts.shoppers = 0 AND counts.user_id = touched.user_id AND counts.project_id = touched.project_id
       AND counts.first_day = touched.first_day;
  END IF;
END $$;

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
