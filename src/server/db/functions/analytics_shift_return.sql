-- Moves the count of buyers whose success day `p_day` follows their previous success day
-- `p_previous` by `p_delta` (analytics_buyer_returns: "returns"); a zero count is no row.
CREATE OR REPLACE FUNCTION analytics_shift_return(p_user integer, p_project integer, p_day date, p_previous date, p_delta integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta > 0 THEN
    INSERT INTO analytics_buyer_returns (user_id, project_id, day, previous_day, buyers)
    VALUES (p_user, p_project, p_day, p_previous, p_delta)
    ON CONFLICT (user_id, project_id, day, previous_day) DO UPDATE SET buyers = analytics_buyer_returns.buyers + p_delta;
  ELSE
    -- A zero count is no row, as after a rebuild.
    DELETE FROM analytics_buyer_returns
     WHERE user_id = p_user AND project_id = p_project AND day = p_day AND previous_day = p_previous AND buyers + p_delta <= 0;
    UPDATE analytics_buyer_returns SET buyers = buyers + p_delta
     WHERE user_id = p_user AND project_id = p_project AND day = p_day AND previous_day = p_previous;
  END IF;
END $$;
