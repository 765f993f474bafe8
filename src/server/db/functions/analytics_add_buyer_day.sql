-- A buyer's new success day with an action: its place between the buyer's other days. Receipts
-- may arrive out of day order (a buyer scans an older receipt later), so the next day's link
-- is moved to it. The day's 'success' row of analytics_daily exists already (the catch-up
-- counts the batch's receipts first).
-- Kept one release for the previous release's catch-up, which calls it until this release's
-- analytics_catch_up.sql replaces it in the same migration; the catch-up now calls
-- analytics_add_buyer_day_links() and keeps the first two days itself. Delete in the next release.
CREATE OR REPLACE FUNCTION analytics_add_buyer_day(p_user integer, p_project integer, p_buyer text, p_day date) RETURNS void
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
  -- The shopper's first two days, in the action and over all the seller's actions (the repeat
  -- cohorts): the day is new to the action, but may be known over all actions already.
  INSERT INTO analytics_shopper_firsts AS firsts (user_id, project_id, buyer_tg_id, first_day)
  VALUES (p_user, p_project, p_buyer, p_day), (p_user, 0, p_buyer, p_day)
  ON CONFLICT (user_id, project_id, buyer_tg_id) DO UPDATE SET
    first_day = least(firsts.first_day, p_day),
    second_day = CASE
      WHEN p_day = firsts.first_day OR p_day = firsts.second_day THEN firsts.second_day
      WHEN p_day < firsts.first_day THEN firsts.first_day
      WHEN firsts.second_day IS NULL OR p_day < firsts.second_day THEN p_day
      ELSE firsts.second_day
    END;
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
