-- Analytics are counted after the check, in batches (docs/decisions.md, "Analytics: counted in
-- batches, exact when read"): receipts_after_insert() queues each receipt with an action in
-- analytics_pending, and this counts the queue with the rules the check used to run per receipt.
--
-- Counts up to `batch` queued receipts and answers how many it took (fewer than `batch`: none
-- left). The batch is joined as a list, which plans as lookups by primary key whatever its size
-- (a cached generic plan of `id = ANY (taken)` may not). One catch-up at a time (key space 2 =
-- analytics; the seller's awards use 1), so the buyer-day links never race and a reader that
-- waits for the lock sees every queued receipt counted once.
CREATE OR REPLACE FUNCTION analytics_catch_up(batch integer) RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  taken bigint[];
  buyer_day record;
BEGIN
  PERFORM pg_advisory_xact_lock(2, 0);
  WITH queued AS (
    DELETE FROM analytics_pending WHERE ctid = ANY (ARRAY(SELECT ctid FROM analytics_pending LIMIT batch))
    RETURNING receipt_id
  )
  SELECT coalesce(array_agg(receipt_id), '{}') INTO taken FROM queued;
  IF cardinality(taken) = 0 THEN
    RETURN 0;
  END IF;

  INSERT INTO analytics_daily AS daily (user_id, project_id, day, status, receipts, points_awarded, counted_kopecks, fee_kopecks, new_buyers)
  SELECT user_id, project_id, analytics_day(coalesce(issued_at, scanned_at)), status,
         count(*), sum(points_awarded), sum(counted_kopecks), sum(fee_kopecks), 0
    FROM unnest(taken) AS t(id) JOIN receipts USING (id)
   WHERE project_id IS NOT NULL
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (user_id, project_id, day, status) DO UPDATE SET
    receipts = daily.receipts + EXCLUDED.receipts,
    points_awarded = daily.points_awarded + EXCLUDED.points_awarded,
    counted_kopecks = daily.counted_kopecks + EXCLUDED.counted_kopecks,
    fee_kopecks = daily.fee_kopecks + EXCLUDED.fee_kopecks;

  -- One day at a time: each new day moves its neighbours' links, which the next one reads.
  FOR buyer_day IN
    SELECT DISTINCT r.user_id, r.project_id, r.buyer_tg_id, analytics_day(coalesce(r.issued_at, r.scanned_at)) AS day
      FROM unnest(taken) AS t(id) JOIN receipts r ON r.id = t.id
     WHERE r.status = 'success' AND r.project_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM analytics_buyer_days d
                        WHERE d.project_id = r.project_id AND d.buyer_tg_id = r.buyer_tg_id
                          AND d.day = analytics_day(coalesce(r.issued_at, r.scanned_at)))
     ORDER BY 2, 3, 4
  LOOP
    PERFORM analytics_add_buyer_day(buyer_day.user_id, buyer_day.project_id, buyer_day.buyer_tg_id, buyer_day.day);
  END LOOP;

  INSERT INTO analytics_products AS product (user_id, project_id, day, name, items, quantity, sum_kopecks)
  SELECT r.user_id, r.project_id, analytics_day(coalesce(r.issued_at, r.scanned_at)), analytics_product_name(i.name),
         count(*), sum(i.quantity), sum(i.sum_kopecks)
    FROM unnest(taken) AS t(id)
    JOIN receipts r ON r.id = t.id
    JOIN receipt_items i ON i.receipt_id = r.id
   WHERE r.status = 'success' AND r.project_id IS NOT NULL AND i.status = 'counted'
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (user_id, project_id, day, name) DO UPDATE SET
    items = product.items + EXCLUDED.items,
    quantity = product.quantity + EXCLUDED.quantity,
    sum_kopecks = product.sum_kopecks + EXCLUDED.sum_kopecks;

  -- «Окупаемость»: a receipt is counted whether or not it was cancelled since; the cancel takes
  -- it off by itself (analytics_uncount_cancelled.sql), before or after this, once.
  INSERT INTO analytics_capture AS capture (user_id, project_id, day, seller_inn, receipts, units)
  SELECT r.user_id, r.project_id, analytics_day(coalesce(r.issued_at, r.scanned_at)), r.seller_inn, count(DISTINCT r.id), sum(i.quantity)
    FROM unnest(taken) AS t(id)
    JOIN receipts r ON r.id = t.id
    JOIN receipt_items i ON i.receipt_id = r.id AND i.status = 'counted'
   WHERE r.status = 'success' AND r.project_id IS NOT NULL AND r.seller_inn IS NOT NULL
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (user_id, project_id, day, seller_inn) DO UPDATE SET
    receipts = capture.receipts + EXCLUDED.receipts,
    units = capture.units + EXCLUDED.units;

  INSERT INTO analytics_capture_items AS item (user_id, project_id, day, seller_inn, name, items, units)
  SELECT r.user_id, r.project_id, analytics_day(coalesce(r.issued_at, r.scanned_at)), r.seller_inn, i.name, count(*), sum(i.quantity)
    FROM unnest(taken) AS t(id)
    JOIN receipts r ON r.id = t.id
    JOIN receipt_items i ON i.receipt_id = r.id AND i.status = 'counted'
   WHERE r.status = 'success' AND r.project_id IS NOT NULL AND r.seller_inn IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (user_id, project_id, day, seller_inn, md5(name)) DO UPDATE SET
    items = item.items + EXCLUDED.items,
    units = item.units + EXCLUDED.units;

  RETURN cardinality(taken);
END $$;
