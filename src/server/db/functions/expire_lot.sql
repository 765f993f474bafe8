-- Expiry of one lot: the unspent remainder of an expiring credit leaves the balance
-- as an 'expiry' ledger row, exactly once (the reference names the lot). The buyer's balance row
-- is locked before the lot is read, so a purchase at the same moment either spends from the lot
-- first or waits: the expiry never takes points that were spent.
-- Answers the points that expired (0 when the lot was spent or expired already).
CREATE OR REPLACE FUNCTION expire_lot(lot bigint, at timestamptz, reason text) RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  owner record;
  left_over integer;
BEGIN
  SELECT l.project_id, l.buyer_tg_id INTO owner FROM points_lots l WHERE l.ledger_id = lot;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  PERFORM 1 FROM buyer_points p WHERE p.project_id = owner.project_id AND p.buyer_tg_id = owner.buyer_tg_id FOR UPDATE;
  SELECT l.remaining INTO left_over FROM points_lots l WHERE l.ledger_id = lot;
  IF left_over = 0 THEN
    RETURN 0;
  END IF;
  PERFORM move_points(jsonb_build_object('project_id', owner.project_id, 'buyer_tg_id', owner.buyer_tg_id, 'delta', -left_over,
    'kind', 'expiry', 'actor', 'system', 'reason', reason, 'reference', 'expiry:' || lot, 'created_at', at, 'lot', lot));
  RETURN left_over;
END $$;
