-- A credit of a buyer's points, the one place one is written: the running balance, the ledger row
-- and, for points that expire, their lot. move_points() calls it for every credit, award_receipt()
-- for a receipt's points (docs/decisions.md, Points, "one function moves points").
--
-- Typed arguments, not move_points()'s jsonb, and two OUT columns, so the award calls it as a
-- PL/pgSQL simple expression, `(add_points(…)).balance_after`: no JSON built or taken apart, no
-- query of its own around the call, and the statements below keep their plans per connection
-- (an SQL-language function would be planned on every call; one that writes is never inlined).
--
-- The balance row first, as in every movement: it is the lock that queues one buyer's movements
-- (a debit in move_points() reads the lots only once it holds it). The balance after is the one
-- this upsert leaves: the row stays locked to the commit, so nothing changes it in between.
-- `points` is above 0: the callers credit nothing else.
--
-- Named to sort before award_receipt.sql and move_points.sql: migrate() applies the files in name
-- order, each in its own transaction, and a caller applied first would call a function not there
-- yet until this one is (instances of the previous release check receipts meanwhile).
CREATE OR REPLACE FUNCTION add_points(action integer, buyer text, points integer, credit_kind text, credit_actor text,
                                      credit_reason text, credit_reference text, credited_at timestamptz, expires timestamptz,
                                      OUT credit_id bigint, OUT balance_after integer)
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO buyer_points AS p (project_id, buyer_tg_id, balance) VALUES (action, buyer, points)
  ON CONFLICT (project_id, buyer_tg_id) DO UPDATE SET balance = p.balance + EXCLUDED.balance
  RETURNING p.balance INTO balance_after;

  INSERT INTO points_ledger (project_id, buyer_tg_id, delta, reason, reference, created_at, kind, actor, expires_at)
  VALUES (action, buyer, points, credit_reason, credit_reference, credited_at, credit_kind, credit_actor, expires)
  RETURNING id INTO credit_id;

  IF expires IS NOT NULL THEN
    INSERT INTO points_lots (ledger_id, project_id, buyer_tg_id, expires_at, remaining) VALUES (credit_id, action, buyer, expires, points);
  END IF;
END $$;
