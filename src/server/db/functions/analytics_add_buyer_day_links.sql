-- A buyer's new success day with an action: its place between the buyer's other days. Receipts
-- may arrive out of day order (a buyer scans an older receipt later), so the next day's link
-- is moved to it. The day's 'success' row of analytics_daily exists already (the catch-up
-- counts the batch's receipts first). The shopper's first two days are the catch-up's, for the
-- whole batch in one statement (analytics_catch_up.sql).
CREATE OR REPLACE FUNCTION analytics_add_buyer_day_links(p_user integer, p_project integer, p_buyer text, p_day date) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  previous_day date;
  next_day date;
  added integer;
BEGIN
  INSERT INTO analytics_buyer_days (project_id, buyer_tg_id, day) VALUES (p_project, p_buyer, p_day) ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added = 0 THEN
    RETURN;
  END IF;
  SELECT max(day) INTO previous_day FROM analytics_buyer_days WHERE project_id = p_project AND buyer_tg_id = p_buyer AND day < p_day;
  SELECT min(day) INTO next_day FROM analytics_buyer_days WHERE project_id = p_project AND buyer_tg_id = p_buyer AND day > p_day;
  IF previous_day IS NULL THEN
    UPDATE analytics_daily SET new_buyers = new_buyers + 1
     WHERE user_id = p_user AND project_id = p_project AND day = p_day AND status = 'success';
  ELSE
    PERFORM analytics_shift_return(p_user, p_project, p_day, previous_day, 1);
  END IF;
  IF next_day IS NOT NULL THEN
    IF previous_day IS NULL THEN
      UPDATE analytics_daily SET new_buyers = new_buyers - 1
       WHERE user_id = p_user AND project_id = p_project AND day = next_day AND status = 'success';
    ELSE
      PERFORM analytics_shift_return(p_user, p_project, next_day, previous_day, -1);
    END IF;
    PERFORM analytics_shift_return(p_user, p_project, next_day, p_day, 1);
  END IF;
END $$;
