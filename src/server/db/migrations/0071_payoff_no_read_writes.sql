-- «Окупаемость» reads without writing, and the points expiring without the lots (docs/decisions.md,
-- "Payoff analytics"). The read folded buyer_points_totals' appended changes itself: a write and an
-- advisory lock in a GET, and the first read after a burst of awards paid for all of them (1.2 s at
-- a million shoppers). The payoff-fold job folds them now (functions/payoff_totals_fold.sql); the
-- read sums the folded row and the changes since, which the job's minute bounds.
DROP FUNCTION IF EXISTS buyer_points_totals_fold(integer[]);

-- The points left on the lots of each action per Moscow day of their expiry, for the liability's
-- «сгорят в ближайшие 30 дней»: the read sums at most 31 days per action instead of the lots of the
-- next 30 days of every shopper. As buyer_points_totals, each change of a lot's remainder is a row
-- appended by a trigger on points_lots (functions/points_expiring_days_changed.sql), whoever
-- writes the lot (an award with an expiry, a debit, an expiry, a cancel, a hold released into a
-- lot), and the payoff-fold job sums each action's day into one row.
CREATE TABLE points_expiring_days (
  project_id  integer NOT NULL,
  expiry_day  date NOT NULL,
  points      bigint NOT NULL
);
CREATE INDEX points_expiring_days_by_action ON points_expiring_days (project_id, expiry_day);

INSERT INTO points_expiring_days (project_id, expiry_day, points)
SELECT project_id, (expires_at AT TIME ZONE 'Europe/Moscow')::date, sum(remaining)
  FROM points_lots
 WHERE remaining > 0
 GROUP BY 1, 2;
