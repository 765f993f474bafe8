-- The name the previous release's instances call the award by (they read the buyer's balance after
-- it, under the seller's lock; award_receipt() now answers it itself). During a rolling deploy the
-- new instances' start applies award_receipt.sql while old ones still check receipts: without this
-- name their checks would fail until they are replaced. Delete it in the release after this one.
CREATE OR REPLACE FUNCTION award_receipt_with_balance(award jsonb) RETURNS TABLE (receipt_id bigint, fee_kopecks bigint, buyer_points integer)
  LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY SELECT a.receipt_id, a.fee_kopecks, a.buyer_points FROM award_receipt(award) AS a;
END $$;
