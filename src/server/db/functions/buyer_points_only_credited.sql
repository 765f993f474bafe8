-- Keeps buyer_points_only (migration 0075, with buyer_points_only_bought.sql): the action's shoppers with a balance and no purchase
-- (no buyer_stats row; neither row is ever deleted, so a buyer stays one). A person's first points
-- and first purchase may be written at once by two transactions, neither seeing the other's row:
-- each trigger first takes a transaction lock on the (action, person) pair, the birthdays' own
-- (key space 5, functions/buyer_birthday_outsiders_given.sql), so the later one waits for the
-- earlier's commit and its next statement sees that row.
CREATE OR REPLACE FUNCTION buyer_points_only_credited() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(5, hashtext(NEW.project_id || ':' || NEW.buyer_tg_id));
  -- With the action's seller, the statistics' primary key finds the row: by action and person alone
  -- no index has them first, and the lookup read the action's whole index of spendings, every
  -- shopper's entry (docs/benchmarks.md, "Scale": 13.6 ms a birthday's points at 100 000 shoppers).
  IF NOT EXISTS (SELECT 1 FROM projects pr JOIN buyer_stats s ON s.user_id = pr.user_id AND s.project_id = pr.id
                  WHERE pr.id = NEW.project_id AND s.buyer_tg_id = NEW.buyer_tg_id) THEN
    INSERT INTO buyer_points_only (project_id, buyer_tg_id) VALUES (NEW.project_id, NEW.buyer_tg_id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

-- Not for the award's credit (award_receipt.sql holds the setting around it): that shopper's
-- statistics row comes in the same transaction, so they are no points-only shopper.
CREATE OR REPLACE TRIGGER buyer_points_only_credited
  AFTER INSERT ON buyer_points
  FOR EACH ROW
  WHEN (current_setting('scanapp.crediting_a_purchase', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION buyer_points_only_credited();
