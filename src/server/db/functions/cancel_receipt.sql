-- The seller takes a successful receipt's points back (a return on the marketplace), once
-- (docs/decisions.md, "Trust: holds, caps, cancels and blocks"). In one call, so the receipt, the
-- points and the shopper's statistics never disagree:
--   1. what is still held of the receipt (its hold's `remaining`, set to 0 so the release job
--      never releases it), then
--   2. from the available balance, up to the rest of the receipt's points, never below zero (the
--      soonest-expiring lots first, debit_lots()); what the shopper already spent stays spent,
--   3. one `cancel` ledger row moving both (delta = −available, held_delta = −held; reference
--      `cancel:<receipt>`), none when nothing could be taken,
--   4. the receipt marked cancelled (when, by whom, why, the points taken); its verdict stays
--      'success': the check was made and paid, and the same receipt still cannot earn again,
--   5. its counted purchase off the shopper's level basis (buyer_stats.total_kopecks, and
--      held_kopecks while the hold had not been released) and off the Buyers screen's sums
--      (seller_buyers, buyer_summaries of the action and of every action); the receipt counts stay.
--
-- The buyer's balance row is locked first, as in every movement (the release job and a purchase
-- queue behind it), then the receipt's row: a second cancel waits there and finds the receipt
-- cancelled. The seller's shared rows come last, the action's summary before every action's, in
-- the award's order, so a cancel and an award never wait for each other in a circle.
--
-- Answers one row: whether this call cancelled it (false: it was cancelled before, and the row
-- tells that cancel's held and available points), the points taken from held and available, and
-- the shopper's available balance after. No row when the receipt is not the seller's successful one.
CREATE OR REPLACE FUNCTION cancel_receipt(receipt bigint, seller integer, seller_reason text, ledger_text text, at timestamptz)
  RETURNS TABLE (first_cancel boolean, held_points integer, available_points integer, buyer_balance integer)
  LANGUAGE plpgsql AS $$
DECLARE
  target record;
  hold record;
  earlier record;
  balance_before integer;
  held_taken integer := 0;
  available_taken integer := 0;
  held_purchase bigint := 0;
BEGIN
  SELECT r.project_id, r.buyer_tg_id INTO target FROM receipts r WHERE r.id = receipt AND r.user_id = seller AND r.status = 'success';
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- Before any row, as the award takes it (award_receipt.sql): a draw that starts keeping its
  -- entrants meanwhile counts this cancel with its window, or this cancel takes its ticket back below.
  PERFORM pg_advisory_xact_lock_shared(4, target.project_id);
  SELECT p.balance INTO balance_before FROM buyer_points p
   WHERE p.project_id = target.project_id AND p.buyer_tg_id = target.buyer_tg_id FOR UPDATE;
  SELECT r.project_id, r.buyer_tg_id, r.points_awarded, r.counted_kopecks, r.cancelled_at, r.scanned_at INTO target
    FROM receipts r WHERE r.id = receipt FOR UPDATE;

  IF target.cancelled_at IS NOT NULL THEN
    SELECT -l.held_delta AS held, -l.delta AS available INTO earlier FROM points_ledger l WHERE l.reference = 'cancel:' || receipt;
    RETURN QUERY SELECT false, coalesce(earlier.held, 0), coalesce(earlier.available, 0), coalesce(balance_before, 0);
    RETURN;
  END IF;

  SELECT h.ledger_id, h.remaining, h.counted_kopecks INTO hold FROM points_holds h WHERE h.receipt_id = receipt FOR UPDATE;
  IF FOUND AND hold.remaining > 0 THEN
    held_taken := hold.remaining;
    held_purchase := hold.counted_kopecks;
    UPDATE points_holds h SET remaining = 0 WHERE h.ledger_id = hold.ledger_id;
  END IF;
  available_taken := least(coalesce(balance_before, 0), greatest(target.points_awarded - held_taken, 0));

  IF held_taken > 0 OR available_taken > 0 THEN
    UPDATE buyer_points p SET balance = p.balance - available_taken, held = p.held - held_taken
     WHERE p.project_id = target.project_id AND p.buyer_tg_id = target.buyer_tg_id;
    INSERT INTO points_ledger (project_id, buyer_tg_id, delta, held_delta, reason, reference, created_at, kind, actor)
    VALUES (target.project_id, target.buyer_tg_id, -available_taken, -held_taken, ledger_text, 'cancel:' || receipt, at, 'cancel', 'seller');
    IF available_taken > 0 THEN
      PERFORM debit_lots(target.project_id, target.buyer_tg_id, available_taken);
    END IF;
  END IF;

  UPDATE receipts r SET cancelled_at = at, cancelled_by = seller, cancel_reason = seller_reason, points_cancelled = held_taken + available_taken
   WHERE r.id = receipt;

  -- Its ticket out of the open draws that keep their entrants, where the window still held it: a
  -- receipt cancelled before the window ends makes no ticket (draws/repository.ts, `windowReceipts`).
  DELETE FROM draw_entrants e USING draws d
   WHERE e.draw_id = d.id AND e.buyer_tg_id = target.buyer_tg_id AND e.tickets = 1
     AND d.project_id = target.project_id AND d.closed_at IS NULL AND d.entrants_kept
     AND d.created_at <= target.scanned_at AND target.scanned_at < d.closes_at AND at < d.closes_at;
  UPDATE draw_entrants e SET tickets = e.tickets - 1 FROM draws d
   WHERE e.draw_id = d.id AND e.buyer_tg_id = target.buyer_tg_id AND e.tickets > 1
     AND d.project_id = target.project_id AND d.closed_at IS NULL AND d.entrants_kept
     AND d.created_at <= target.scanned_at AND target.scanned_at < d.closes_at AND at < d.closes_at;

  UPDATE buyer_stats s SET total_kopecks = s.total_kopecks - target.counted_kopecks, held_kopecks = s.held_kopecks - held_purchase
   WHERE s.user_id = seller AND s.project_id = target.project_id AND s.buyer_tg_id = target.buyer_tg_id;
  UPDATE seller_buyers s SET total_kopecks = s.total_kopecks - target.counted_kopecks
   WHERE s.user_id = seller AND s.buyer_tg_id = target.buyer_tg_id;
  UPDATE buyer_summaries s SET total_kopecks = s.total_kopecks - target.counted_kopecks
   WHERE s.user_id = seller AND s.project_id = target.project_id;
  UPDATE buyer_summaries s SET total_kopecks = s.total_kopecks - target.counted_kopecks
   WHERE s.user_id = seller AND s.project_id = 0;

  RETURN QUERY SELECT true, held_taken, available_taken, coalesce(balance_before, 0) - available_taken;
END $$;
