-- Moves analytics_cohort_days (migration 0069) by the first days added and taken off: the shared
-- upsert of the triggers on analytics_shopper_firsts (analytics_cohort_days_changed.sql), as static
-- SQL so its plan is kept (the catch-up calls it for every new buyer day). Rows taken off and added
-- with the same days cancel out; a day whose shoppers all left is deleted.
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
