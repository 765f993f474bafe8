-- The award of a successful receipt as one stored function (docs/decisions.md, "Receipts:
-- prepayments and speed"). It was one statement of ten CTEs and 24 price subqueries built and
-- planned on every check; as a function its plans are cached per connection and the check
-- sends a few hundred bytes instead of several kilobytes. Same rules, same single transaction.

-- SPEC §9 tier price (kopecks) of the receipt that follows `scanned` receipts: the first tier
-- whose bound it is within. `tiers` is [{max, key, fallback}, …] in order, from the contract;
-- an operator's setting overrides the fallback.
CREATE FUNCTION receipt_price_kopecks(scanned bigint, tiers jsonb) RETURNS bigint
  LANGUAGE sql STABLE
  AS $$
    SELECT round(coalesce(s.value, (t.tier->>'fallback')::numeric) * 100)::bigint
      FROM jsonb_array_elements(tiers) WITH ORDINALITY AS t(tier, n)
      LEFT JOIN billing_settings s ON s.key = t.tier->>'key'
     WHERE t.tier->>'max' IS NULL OR scanned <= (t.tier->>'max')::bigint
     ORDER BY t.n
     LIMIT 1
  $$;

-- Records the receipt, its items, the points, the buyer statistics and summaries, the PuzzleBot
-- outbox row and the action's counter, then charges the seller the tier price with its ledger
-- row. Returns no row, or raises SA402, when the seller cannot pay; nothing is written then.
CREATE FUNCTION award_receipt(award jsonb) RETURNS TABLE (receipt_id bigint, fee_kopecks bigint)
  LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  seller integer := (award->>'user_id')::int;
  action integer := (award->>'project_id')::int;
  buyer text := award->>'buyer_tg_id';
  points integer := (award->>'points')::int;
  counted bigint := (award->>'counted_kopecks')::bigint;
  purchased timestamptz := (award->>'purchased_at')::timestamptz;
  scanned_at timestamptz := (award->>'scanned_at')::timestamptz;
  tiers jsonb := award->'tiers';
  balance_after bigint;
  price bigint;
  new_receipt bigint;
  new_to_action boolean;
  new_to_seller boolean;
BEGIN
  -- The price of this receipt, read without a lock; the charge at the end proves it still holds.
  SELECT receipt_price_kopecks(u.scanned_receipts, tiers), u.balance_kopecks INTO price, balance_after FROM users u WHERE u.id = seller;
  IF balance_after < price THEN
    RETURN;
  END IF;

  INSERT INTO receipts (user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, fn, fd, fp, issued_at, total_kopecks,
                        seller_name, seller_inn, retail_place, status, message, points_awarded, counted_kopecks, dedupe, scanned_at, fee_kopecks)
  VALUES (seller, action, award->>'project_name', ARRAY(SELECT jsonb_array_elements_text(award->'project_inns')), buyer, award->>'qr_raw',
          award->>'fn', award->>'fd', award->>'fp', (award->>'issued_at')::timestamptz, (award->>'total_kopecks')::bigint,
          award->>'seller_name', award->>'seller_inn', award->>'retail_place', 'success', award->>'message', points, counted,
          (award->>'dedupe')::boolean, scanned_at, price)
  RETURNING id INTO new_receipt;

  INSERT INTO receipt_items (receipt_id, position, name, price_kopecks, quantity, sum_kopecks, provider_inn, status)
  SELECT new_receipt, i.position, i.name, i.price_kopecks, i.quantity, i.sum_kopecks, i.provider_inn, i.status
    FROM jsonb_to_recordset(award->'items')
      AS i(position int, name text, price_kopecks bigint, quantity numeric, sum_kopecks bigint, provider_inn text, status text);

  IF points > 0 THEN
    INSERT INTO points_ledger (project_id, buyer_tg_id, delta, reason, reference)
    VALUES (action, buyer, points, 'receipt ' || new_receipt, 'receipt:' || new_receipt);
    INSERT INTO buyer_points (project_id, buyer_tg_id, balance) VALUES (action, buyer, points)
    ON CONFLICT (project_id, buyer_tg_id) DO UPDATE SET balance = buyer_points.balance + EXCLUDED.balance;
    IF (award->>'push_to_puzzlebot')::boolean THEN
      INSERT INTO puzzlebot_outbox (project_id, buyer_tg_id) VALUES (action, buyer);
    END IF;
  END IF;

  INSERT INTO buyer_stats AS s (user_id, project_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at)
  VALUES (seller, action, buyer, 1, counted, purchased)
  ON CONFLICT (user_id, project_id, buyer_tg_id) DO UPDATE SET successful_receipts = s.successful_receipts + 1,
    total_kopecks = s.total_kopecks + EXCLUDED.total_kopecks, last_receipt_at = GREATEST(s.last_receipt_at, EXCLUDED.last_receipt_at)
  RETURNING s.successful_receipts = 1 INTO new_to_action;

  INSERT INTO seller_buyers AS s (user_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at)
  VALUES (seller, buyer, 1, counted, purchased)
  ON CONFLICT (user_id, buyer_tg_id) DO UPDATE SET successful_receipts = s.successful_receipts + 1,
    total_kopecks = s.total_kopecks + EXCLUDED.total_kopecks, last_receipt_at = GREATEST(s.last_receipt_at, EXCLUDED.last_receipt_at)
  RETURNING s.successful_receipts = 1 INTO new_to_seller;

  INSERT INTO buyer_summaries AS s (user_id, project_id, buyers, successful_receipts, total_kopecks)
  VALUES (seller, action, new_to_action::int, 1, counted), (seller, 0, new_to_seller::int, 1, counted)
  ON CONFLICT (user_id, project_id) DO UPDATE SET buyers = s.buyers + EXCLUDED.buyers,
    successful_receipts = s.successful_receipts + 1, total_kopecks = s.total_kopecks + EXCLUDED.total_kopecks;

  UPDATE projects
     SET receipts_count = receipts_count + 1,
         status_message = CASE WHEN status_message = award->>'clear_status_message' THEN NULL ELSE status_message END
   WHERE id = action;

  -- The charge comes last, so the seller's row is locked only from here to the commit: checks
  -- of one seller queue for a moment, not for the whole award. The tier price must still be the
  -- one read above (another check may have crossed a tier bound meanwhile: SA409, the caller
  -- retries) and the balance must cover it (SA402: the seller cannot pay). Either error undoes
  -- everything above.
  UPDATE users u
     SET scanned_receipts = u.scanned_receipts + 1, balance_kopecks = u.balance_kopecks - price
   WHERE u.id = seller AND receipt_price_kopecks(u.scanned_receipts, tiers) = price AND u.balance_kopecks >= price
  RETURNING u.balance_kopecks INTO balance_after;
  IF NOT FOUND THEN
    IF (SELECT u.balance_kopecks < receipt_price_kopecks(u.scanned_receipts, tiers) FROM users u WHERE u.id = seller) THEN
      RAISE EXCEPTION 'the seller cannot pay for the receipt' USING ERRCODE = 'SA402';
    END IF;
    RAISE EXCEPTION 'the tier price changed during the award' USING ERRCODE = 'SA409';
  END IF;
  IF price > 0 THEN
    INSERT INTO balance_ledger (user_id, kind, amount_kopecks, balance_after_kopecks, reference, description, created_at)
    VALUES (seller, 'receipt_fee', -price, balance_after, 'receipt:' || new_receipt, award->>'fee_description', scanned_at);
  END IF;

  RETURN QUERY SELECT new_receipt, price;
END $$;
