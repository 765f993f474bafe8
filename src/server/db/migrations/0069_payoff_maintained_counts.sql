-- «Окупаемость» without a row per shopper (docs/decisions.md, "Payoff analytics"): the repeat
-- cohorts and the new shoppers read analytics_shopper_firsts, one row per shopper whose first day
-- is in the period (a million at a million shoppers), and the liability summed buyer_points, a row
-- per shopper of the seller's actions. These keep their counts per action and first day, and the
-- actions' points, so a call reads rows per day and per action, whatever the number of shoppers.

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

-- The liability's points available and held per action (docs/decisions.md, "Payoff analytics"),
-- summed from buyer_points they were a scan of every shopper of the seller's actions. Each change
-- of a shopper's points is a row here (a trigger on buyer_points, functions/buyer_points_totals_changed.sql),
-- appended, never updated, so no award waits on another or on a reader; the reads sum an action's
-- rows and fold them into one first.
CREATE TABLE buyer_points_totals (
  project_id integer NOT NULL,
  balance    bigint NOT NULL,
  held       bigint NOT NULL
);
CREATE INDEX buyer_points_totals_by_action ON buyer_points_totals (project_id);

INSERT INTO buyer_points_totals (project_id, balance, held)
SELECT project_id, sum(balance), sum(held) FROM buyer_points GROUP BY 1;
