-- The payoff-fold job's pass (docs/decisions.md, "Payoff analytics"): the changes appended to
-- buyer_points_totals (per action) and points_expiring_days (per action and day of expiry) summed
-- into one row each, a sum of zero dropped, so the liability's read sums one row per action (and
-- day) plus the changes since the last pass. Readers never fold: under MVCC a read sees the rows
-- before the pass or after it, with the same sums. A change appended during the pass is not in its
-- snapshot and waits for the next one. One pass at a time (advisory key space 4): a second one
-- skips instead of waiting, the first folds what it would have. Answers the rows folded away.
CREATE OR REPLACE FUNCTION payoff_totals_fold() RETURNS bigint
  LANGUAGE plpgsql AS $$
DECLARE
  folded_totals bigint;
  folded_days bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(4, 0) THEN
    RETURN 0;
  END IF;

  WITH folded AS (
    DELETE FROM buyer_points_totals
     WHERE project_id IN (SELECT project_id FROM buyer_points_totals GROUP BY 1 HAVING count(*) > 1 OR sum(balance) = 0 AND sum(held) = 0)
    RETURNING project_id, balance, held
  ), kept AS (
    INSERT INTO buyer_points_totals (project_id, balance, held)
    SELECT project_id, sum(balance), sum(held) FROM folded GROUP BY 1 HAVING sum(balance) <> 0 OR sum(held) <> 0
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM folded) - (SELECT count(*) FROM kept) INTO folded_totals;

  WITH folded AS (
    DELETE FROM points_expiring_days
     WHERE (project_id, expiry_day) IN (SELECT project_id, expiry_day FROM points_expiring_days GROUP BY 1, 2
                                         HAVING count(*) > 1 OR sum(points) = 0)
    RETURNING project_id, expiry_day, points
  ), kept AS (
    INSERT INTO points_expiring_days (project_id, expiry_day, points)
    SELECT project_id, expiry_day, sum(points) FROM folded GROUP BY 1, 2 HAVING sum(points) <> 0
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM folded) - (SELECT count(*) FROM kept) INTO folded_days;

  RETURN folded_totals + folded_days;
END $$;
