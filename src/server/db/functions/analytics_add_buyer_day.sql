-- A buyer's new success day with an action: its place between the buyer's other days. Receipts
-- may arrive out of day order (a buyer scans an older receipt later), so the next day's link
-- is moved to it. The day's 'success' row of analytics_daily exists already (the catch-up
-- counts the batch's receipts first).
-- Kept one release for the previous release's catch-up, which calls it until this release's
-- analytics_catch_up.sql replaces it in the same migration; the catch-up now calls
-- analytics_add_buyer_day_links() and keeps the first two days itself. Delete in the next release.
CREATE OR REPLACE FUNCTION analytics_add_buyer_day(p_user integer, p_project integer, p_buyer text, p_day date) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM analytics_buyer_days WHERE project_id = p_project AND buyer_tg_id = p_buyer AND day = p_day) THEN
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
  PERFORM analytics_add_buyer_day_links(p_user, p_project, p_buyer, p_day);
END $$;
