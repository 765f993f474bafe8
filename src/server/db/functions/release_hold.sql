-- The release of one hold: what is still held of a receipt's points becomes available, exactly once
-- (the reference names the hold), as one ledger row of kind 'release' written by add_points(). The
-- points expire counted from the release (the action's lifetime, read now), and the receipt's
-- purchase starts to count toward the shopper's level. The buyer's balance row is locked before the
-- hold is read, so a cancel of the same receipt at the same moment either takes the held points
-- first or waits: a release never makes available what was taken back.
-- Answers the points released (0 when the hold was released or cancelled already).
CREATE OR REPLACE FUNCTION release_hold(hold bigint, at timestamptz, reason text) RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  owner record;
  left_held integer;
  lifetime integer;
  seller integer;
BEGIN
  SELECT h.project_id, h.buyer_tg_id, h.counted_kopecks INTO owner FROM points_holds h WHERE h.ledger_id = hold;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  PERFORM 1 FROM buyer_points p WHERE p.project_id = owner.project_id AND p.buyer_tg_id = owner.buyer_tg_id FOR UPDATE;
  SELECT h.remaining INTO left_held FROM points_holds h WHERE h.ledger_id = hold;
  IF left_held = 0 THEN
    RETURN 0;
  END IF;
  SELECT pr.points_lifetime_days, pr.user_id INTO lifetime, seller FROM projects pr WHERE pr.id = owner.project_id;

  UPDATE points_holds h SET remaining = 0 WHERE h.ledger_id = hold;
  PERFORM add_points(owner.project_id, owner.buyer_tg_id, left_held, 'release', 'system', reason, 'release:' || hold, at,
                     CASE WHEN lifetime > 0 THEN at + lifetime * interval '1 day' END, from_held => true);
  UPDATE buyer_stats s SET held_kopecks = s.held_kopecks - owner.counted_kopecks
   WHERE s.user_id = seller AND s.project_id = owner.project_id AND s.buyer_tg_id = owner.buyer_tg_id;
  RETURN left_held;
END $$;
