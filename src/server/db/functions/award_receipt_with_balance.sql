-- The shoppers' bot states the buyer's new balance under every awarded receipt. The award itself
-- is award_receipt.sql; this wrapper answers the balance too, read after the award in the same
-- statement, so a check does not need a read of its own for it (docs/benchmarks.md, the bot).
CREATE OR REPLACE FUNCTION award_receipt_with_balance(award jsonb) RETURNS TABLE (receipt_id bigint, fee_kopecks bigint, buyer_points integer)
  LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.receipt_id, a.fee_kopecks INTO receipt_id, fee_kopecks FROM award_receipt(award) AS a;
  -- No row: the buyer has never earned points here (an award of 0 points writes none).
  buyer_points := coalesce((SELECT p.balance FROM buyer_points AS p
                             WHERE p.project_id = (award->>'project_id')::int AND p.buyer_tg_id = award->>'buyer_tg_id'), 0);
  RETURN NEXT;
END $$;
