-- An action's changes in buyer_points_totals (buyer_points_totals_changed.sql) summed into one
-- row, so a read sums one row per action plus the changes since. One fold of an action at a time (key space 4, in the actions' order): two folds of the
-- same rows could otherwise wait for each other. A change appended meanwhile is left for the next
-- fold; an action with one row already is left alone.
CREATE OR REPLACE FUNCTION buyer_points_totals_fold(actions integer[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4, a) FROM unnest(actions) AS a ORDER BY a;
  WITH folded AS (
    DELETE FROM buyer_points_totals
     WHERE project_id IN (SELECT project_id FROM buyer_points_totals WHERE project_id = ANY (actions) GROUP BY 1 HAVING count(*) > 1)
    RETURNING project_id, balance, held
  )
  INSERT INTO buyer_points_totals (project_id, balance, held)
  SELECT project_id, sum(balance), sum(held) FROM folded GROUP BY 1 HAVING sum(balance) <> 0 OR sum(held) <> 0;
END $$;
