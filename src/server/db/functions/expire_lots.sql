-- Expiry of a batch of lots: the unspent remainder of each expiring credit leaves the balance as
-- an 'expiry' ledger row, exactly once (the reference names the lot). A few statements whatever
-- the batch's size: the shoppers' balance rows are locked first (the lock order of move_points()
-- and add_points(), so a purchase at the same moment either spends from a lot first or waits: the
-- expiry never takes points that were spent), then one statement reads the lots anew and writes
-- the ledger rows (in the batch's order, one statement: webhook_points_changed sees them all at
-- once), the balances (one update a shopper, of their lots' sum) and the lots' remainders.
--
-- `lots` and `reasons` pair up by position. With `wait_for_locks` false a shopper whose balance
-- row another transaction holds is skipped (SKIP LOCKED), not waited for: a batch never waits on
-- a purchase, nor deadlocks with a movement of two shoppers (a referral) that took them in another
-- order, and a second instance running the job takes other shoppers. Their lots with points left
-- are answered in `skipped`; the caller expires each alone with `wait_for_locks` true, which
-- waits for the one row it locks.
-- Answers the points expired (lots spent or expired already count 0).
CREATE OR REPLACE FUNCTION expire_lots(lots bigint[], reasons text[], at timestamptz, wait_for_locks boolean)
  RETURNS TABLE (expired integer, skipped bigint[])
  LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  held_projects integer[];
  held_buyers text[];
BEGIN
  IF wait_for_locks THEN
    SELECT array_agg(h.project_id ORDER BY h.project_id, h.buyer_tg_id), array_agg(h.buyer_tg_id ORDER BY h.project_id, h.buyer_tg_id)
      INTO held_projects, held_buyers
      FROM (SELECT p.project_id, p.buyer_tg_id FROM buyer_points p
             WHERE (p.project_id, p.buyer_tg_id) IN (SELECT l.project_id, l.buyer_tg_id FROM points_lots l WHERE l.ledger_id = ANY (lots))
             ORDER BY p.project_id, p.buyer_tg_id
               FOR UPDATE) h;
  ELSE
    SELECT array_agg(h.project_id ORDER BY h.project_id, h.buyer_tg_id), array_agg(h.buyer_tg_id ORDER BY h.project_id, h.buyer_tg_id)
      INTO held_projects, held_buyers
      FROM (SELECT p.project_id, p.buyer_tg_id FROM buyer_points p
             WHERE (p.project_id, p.buyer_tg_id) IN (SELECT l.project_id, l.buyer_tg_id FROM points_lots l WHERE l.ledger_id = ANY (lots))
             ORDER BY p.project_id, p.buyer_tg_id
               FOR UPDATE SKIP LOCKED) h;
  END IF;

  -- A statement of its own after the locks: its snapshot sees every movement committed before them.
  RETURN QUERY
  WITH held AS (SELECT * FROM unnest(held_projects, held_buyers) AS h(project_id, buyer_tg_id)),
  due AS MATERIALIZED (
    SELECT l.ledger_id, l.project_id, l.buyer_tg_id, l.remaining, r.reason, r.position
      FROM unnest(lots, reasons) WITH ORDINALITY AS r(ledger_id, reason, position)
      JOIN points_lots l ON l.ledger_id = r.ledger_id
      JOIN held h ON h.project_id = l.project_id AND h.buyer_tg_id = l.buyer_tg_id
     WHERE l.remaining > 0),
  debited AS (
    UPDATE buyer_points p SET balance = p.balance - d.points
      FROM (SELECT project_id, buyer_tg_id, sum(remaining)::integer AS points FROM due GROUP BY project_id, buyer_tg_id) d
     WHERE p.project_id = d.project_id AND p.buyer_tg_id = d.buyer_tg_id AND p.balance >= d.points
    RETURNING p.project_id, p.buyer_tg_id),
  expiring AS MATERIALIZED (SELECT due.* FROM due JOIN debited USING (project_id, buyer_tg_id)),
  written AS (
    -- A debit's row has no expiry (the ledger's CHECK: only a credit's has one).
    INSERT INTO points_ledger (project_id, buyer_tg_id, delta, reason, reference, created_at, kind, actor)
    SELECT e.project_id, e.buyer_tg_id, -e.remaining, e.reason, 'expiry:' || e.ledger_id, at, 'expiry', 'system'
      FROM expiring e ORDER BY e.position
    RETURNING 1),
  emptied AS (
    UPDATE points_lots l SET remaining = 0 FROM expiring e WHERE l.ledger_id = e.ledger_id
    RETURNING 1)
  SELECT coalesce((SELECT sum(e.remaining) FROM expiring e), 0)::integer,
         ARRAY(SELECT l.ledger_id FROM points_lots l
                WHERE l.ledger_id = ANY (lots) AND l.remaining > 0
                  AND NOT EXISTS (SELECT 1 FROM held h WHERE h.project_id = l.project_id AND h.buyer_tg_id = l.buyer_tg_id)
                ORDER BY l.ledger_id);
END $$;
