-- A debit's share of a buyer's expiring lots: `points` taken from the soonest-expiring lots
-- first, points that never expire (no lot) last, so what is left to expire is never more than
-- the balance. Every debit that does not name its lot comes here: move_points() and
-- cancel_receipt(). The caller holds the buyer's balance row (updated or locked first), so the
-- lots are read by one movement at a time.
--
-- Named to sort before move_points.sql: migrate() applies the files in name order, each in its
-- own transaction, and move_points() would call a function not there yet until this one is.
CREATE OR REPLACE FUNCTION debit_lots(action integer, buyer text, points integer) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  need integer := points;
  lot record;
BEGIN
  FOR lot IN SELECT l.ledger_id, l.remaining FROM points_lots l
              WHERE l.project_id = action AND l.buyer_tg_id = buyer AND l.remaining > 0
              ORDER BY l.expires_at, l.ledger_id LOOP
    EXIT WHEN need = 0;
    UPDATE points_lots l SET remaining = l.remaining - least(need, lot.remaining) WHERE l.ledger_id = lot.ledger_id;
    need := need - least(need, lot.remaining);
  END LOOP;
END $$;
