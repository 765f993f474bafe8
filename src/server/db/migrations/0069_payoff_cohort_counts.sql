-- «Окупаемость» without a row per shopper (docs/decisions.md, "Payoff analytics"): the repeat
-- cohorts and the new shoppers read analytics_shopper_firsts, one row per shopper whose first day
-- is in the period (a million at a million shoppers). This keeps their counts per action and first
-- day, so a call reads one row per day of its months, whatever the number of shoppers.

-- Shoppers whose first accepted receipt fell on `first_day`, in the action or (project_id 0) over
-- all the seller's actions, and of them those whose second day came within 30, 60 and 90 days
-- (contract/payoff.ts, COHORT_WINDOWS: the reads name these columns after the windows). Kept by
-- statement triggers on analytics_shopper_firsts (functions/analytics_cohort_days_changed.sql);
-- a day whose shoppers all left is deleted.
CREATE TABLE analytics_cohort_days (
  user_id     integer NOT NULL REFERENCES users (id),
  project_id  integer NOT NULL,
  first_day   date NOT NULL,
  shoppers    integer NOT NULL,
  repeated_30 integer NOT NULL,
  repeated_60 integer NOT NULL,
  repeated_90 integer NOT NULL,
  PRIMARY KEY (user_id, project_id, first_day)
);

INSERT INTO analytics_cohort_days (user_id, project_id, first_day, shoppers, repeated_30, repeated_60, repeated_90)
SELECT user_id, project_id, first_day, count(*),
       count(*) FILTER (WHERE second_day <= first_day + 30),
       count(*) FILTER (WHERE second_day <= first_day + 60),
       count(*) FILTER (WHERE second_day <= first_day + 90)
  FROM analytics_shopper_firsts
 GROUP BY 1, 2, 3;

-- The firsts were read by day for the cohorts; their counts are now, and the key serves the rest.
DROP INDEX analytics_shopper_firsts_by_day;
