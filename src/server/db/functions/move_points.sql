-- One movement of a buyer's points: the ledger row, the running balance and the
-- expiring lots, in one call so the three never disagree. Every movement but the award's credit
-- comes here; a credit is written by add_points() (add_points.sql), which award_receipt() calls
-- directly for a receipt's points, so one function writes every credit.
--
-- `movement`: project_id, buyer_tg_id, delta (≠ 0), kind, actor, reason, reference (unique),
-- created_at, and for a credit expires_at (NULL: never expires). A debit takes the
-- soonest-expiring lots first (debit_lots(): points that never expire last); expiry, which takes
-- exactly each lot's remainder, writes its batches itself (expire_lots.sql).
--
-- Answers the ledger row and the balance after, or no row when a debit is more than the buyer
-- has (nothing is written then). The balance row is updated first: it is the lock that queues
-- a buyer's parallel movements, so the lots below are read by one movement at a time.
CREATE OR REPLACE FUNCTION move_points(movement jsonb) RETURNS TABLE (ledger_id bigint, balance integer)
  LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  action integer := (movement->>'project_id')::int;
  buyer text := movement->>'buyer_tg_id';
  delta integer := (movement->>'delta')::int;
  expires timestamptz := (movement->>'expires_at')::timestamptz;
  new_balance integer;
  new_row bigint;
BEGIN
  IF delta > 0 THEN
    RETURN QUERY SELECT c.credit_id, c.balance_after
                   FROM add_points(action, buyer, delta, movement->>'kind', movement->>'actor', movement->>'reason',
                                   movement->>'reference', (movement->>'created_at')::timestamptz, expires) AS c;
    RETURN;
  END IF;

  UPDATE buyer_points p SET balance = p.balance + delta
   WHERE p.project_id = action AND p.buyer_tg_id = buyer AND p.balance + delta >= 0
  RETURNING p.balance INTO new_balance;
  IF new_balance IS NULL THEN
    RETURN;
  END IF;

  -- A debit's row has no expiry (the ledger's CHECK: only a credit's has one).
  INSERT INTO points_ledger (project_id, buyer_tg_id, delta, reason, reference, created_at, kind, actor)
  VALUES (action, buyer, delta, movement->>'reason', movement->>'reference', (movement->>'created_at')::timestamptz,
          movement->>'kind', movement->>'actor')
  RETURNING id INTO new_row;

  PERFORM debit_lots(action, buyer, -delta);

  RETURN QUERY SELECT new_row, new_balance;
END $$;
