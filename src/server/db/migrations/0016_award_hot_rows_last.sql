-- The award touches the seller's shared rows only at its end (docs/decisions.md, "Receipts: the
-- seller's rows last"). Measured with pg_stat_statements under 10 parallel checks of one seller:
-- the receipt INSERT at the start of award_receipt() waited 8.8 ms of its 9.5 ms for the daily
-- analytics row its trigger upserts, held by the check before it until that check's commit. One
-- seller's checks ran one after another for the whole award.
--
-- Now the buyer's own rows are written first (they collide only when one buyer scans twice at
-- the same moment), then the shared rows in one short run: the action, the seller (locked, so
-- the tier price is exact without a retry), the receipt with its items (their triggers keep the
-- counters and the analytics) and the fee's ledger row. The receipt's id is drawn from its
-- sequence first, so the points ledger can name it before the receipt row exists.

-- PL/pgSQL keeps the plan of its query per connection; as an SQL function it was planned on each
-- call (0.17 ms, twice per check).
CREATE OR REPLACE FUNCTION receipt_price_kopecks(scanned bigint, tiers jsonb) RETURNS bigint
  LANGUAGE plpgsql STABLE
  AS $$
BEGIN
  RETURN (SELECT round(coalesce(s.value, (t.tier->>'fallback')::numeric) * 100)::bigint
            FROM jsonb_array_elements(tiers) WITH ORDINALITY AS t(tier, n)
            LEFT JOIN billing_settings s ON s.key = t.tier->>'key'
           WHERE t.tier->>'max' IS NULL OR scanned <= (t.tier->>'max')::bigint
           ORDER BY t.n
           LIMIT 1);
END $$;

-- Same contract as in 0014, except that a seller who cannot pay always raises SA402 (the caller
-- answers "cannot pay"); SA409 is gone, the price is read on the locked row.
CREATE OR REPLACE FUNCTION award_receipt(award jsonb) RETURNS TABLE (receipt_id bigint, fee_kopecks bigint)
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
  new_receipt bigint := nextval(pg_get_serial_sequence('receipts', 'id'));
  scanned bigint;
  balance bigint;
  price bigint;
  new_to_action boolean;
  new_to_seller boolean;
BEGIN
  -- The buyer's rows.
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

  -- The shared rows, from here to the commit. One seller's checks queue here, on a lock of
  -- their own (key space 1 = a seller's awards; the job queue's locks use the one-key form), so
  -- the rows below are free when a check gets to them: one hand-over per check instead of a
  -- wait on each row. The action before the seller, as an action's renewal locks them, so the
  -- two never wait for each other in a circle.
  PERFORM pg_advisory_xact_lock(1, seller);
  UPDATE projects
     SET receipts_count = receipts_count + 1,
         status_message = CASE WHEN status_message = award->>'clear_status_message' THEN NULL ELSE status_message END
   WHERE id = action;

  -- NO KEY UPDATE: the buyer's rows above hold KEY SHARE on the seller's row through their
  -- foreign keys, which FOR UPDATE would wait for (two checks, each waiting for the other).
  SELECT u.scanned_receipts, u.balance_kopecks INTO scanned, balance FROM users u WHERE u.id = seller FOR NO KEY UPDATE;
  price := receipt_price_kopecks(scanned, award->'tiers');
  IF balance < price THEN
    RAISE EXCEPTION 'the seller cannot pay for the receipt' USING ERRCODE = 'SA402';
  END IF;
  UPDATE users u SET scanned_receipts = scanned + 1, balance_kopecks = balance - price WHERE u.id = seller;

  INSERT INTO buyer_summaries AS s (user_id, project_id, buyers, successful_receipts, total_kopecks)
  VALUES (seller, action, new_to_action::int, 1, counted), (seller, 0, new_to_seller::int, 1, counted)
  ON CONFLICT (user_id, project_id) DO UPDATE SET buyers = s.buyers + EXCLUDED.buyers,
    successful_receipts = s.successful_receipts + 1, total_kopecks = s.total_kopecks + EXCLUDED.total_kopecks;

  INSERT INTO receipts (id, user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, fn, fd, fp, issued_at, total_kopecks,
                        seller_name, seller_inn, retail_place, status, message, points_awarded, counted_kopecks, dedupe, scanned_at, fee_kopecks)
  OVERRIDING SYSTEM VALUE
  VALUES (new_receipt, seller, action, award->>'project_name', ARRAY(SELECT jsonb_array_elements_text(award->'project_inns')), buyer,
          award->>'qr_raw', award->>'fn', award->>'fd', award->>'fp', (award->>'issued_at')::timestamptz, (award->>'total_kopecks')::bigint,
          award->>'seller_name', award->>'seller_inn', award->>'retail_place', 'success', award->>'message', points, counted,
          (award->>'dedupe')::boolean, scanned_at, price);

  INSERT INTO receipt_items (receipt_id, position, name, price_kopecks, quantity, sum_kopecks, provider_inn, status)
  SELECT new_receipt, i.position, i.name, i.price_kopecks, i.quantity, i.sum_kopecks, i.provider_inn, i.status
    FROM jsonb_to_recordset(award->'items')
      AS i(position int, name text, price_kopecks bigint, quantity numeric, sum_kopecks bigint, provider_inn text, status text);

  IF price > 0 THEN
    INSERT INTO balance_ledger (user_id, kind, amount_kopecks, balance_after_kopecks, reference, description, created_at)
    VALUES (seller, 'receipt_fee', -price, balance - price, 'receipt:' || new_receipt, award->>'fee_description', scanned_at);
  END IF;

  RETURN QUERY SELECT new_receipt, price;
END $$;

-- The top-products trigger looked its receipts up with the filter `status = 'success' AND
-- project_id IS NOT NULL` beside the join on id, and a plan cached while the table was small
-- read them through the partial index of successful receipts: every successful receipt with an
-- action, for each item (2 784 rows for 3 items in a database of 465 receipts). The filter now
-- applies after the lookup by primary key, which is the only way left to find the receipt.
CREATE OR REPLACE FUNCTION analytics_record_items() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH item AS MATERIALIZED (
    SELECT r.user_id, r.project_id, r.status AS receipt_status, analytics_day(coalesce(r.issued_at, r.scanned_at)) AS day,
           analytics_product_name(i.name) AS name, i.quantity, i.sum_kopecks
      FROM inserted i
      JOIN receipts r ON r.id = i.receipt_id
     WHERE i.status = 'counted'
  )
  INSERT INTO analytics_products AS product (user_id, project_id, day, name, items, quantity, sum_kopecks)
  SELECT user_id, project_id, day, name, count(*), sum(quantity), sum(sum_kopecks)
    FROM item
   WHERE receipt_status = 'success' AND project_id IS NOT NULL
   GROUP BY 1, 2, 3, 4
   ORDER BY 4
  ON CONFLICT (user_id, project_id, day, name) DO UPDATE SET
    items = product.items + EXCLUDED.items,
    quantity = product.quantity + EXCLUDED.quantity,
    sum_kopecks = product.sum_kopecks + EXCLUDED.sum_kopecks;
  RETURN NULL;
END $$;
