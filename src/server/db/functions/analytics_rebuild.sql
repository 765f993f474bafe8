-- Recomputes every aggregate from the receipts (`npm run admin -- analytics:rebuild`). The caller
-- locks receipts against writes first and empties the queue (analytics_discard_queue), so the
-- result is exact.
CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_daily;
  DELETE FROM analytics_buyer_days;
  DELETE FROM analytics_buyer_returns;
  DELETE FROM analytics_products;
  DELETE FROM analytics_capture;
  DELETE FROM analytics_capture_items;
  DELETE FROM analytics_shopper_firsts;

  INSERT INTO analytics_buyer_days (project_id, buyer_tg_id, day)
  SELECT DISTINCT project_id, buyer_tg_id, analytics_day(coalesce(issued_at, scanned_at))
    FROM receipts
   WHERE status = 'success' AND project_id IS NOT NULL;

  INSERT INTO analytics_shopper_firsts (user_id, project_id, buyer_tg_id, first_day, second_day)
  SELECT p.user_id, d.project_id, d.buyer_tg_id, (array_agg(d.day ORDER BY d.day))[1], (array_agg(d.day ORDER BY d.day))[2]
    FROM analytics_buyer_days d JOIN projects p ON p.id = d.project_id
   GROUP BY 1, 2, 3;
  INSERT INTO analytics_shopper_firsts (user_id, project_id, buyer_tg_id, first_day, second_day)
  SELECT p.user_id, 0, d.buyer_tg_id, (array_agg(DISTINCT d.day ORDER BY d.day))[1], (array_agg(DISTINCT d.day ORDER BY d.day))[2]
    FROM analytics_buyer_days d JOIN projects p ON p.id = d.project_id
   GROUP BY 1, 3;

  CREATE TEMP TABLE analytics_rebuild_events ON COMMIT DROP AS
  SELECT p.user_id, d.project_id, d.day,
         lag(d.day) OVER (PARTITION BY d.project_id, d.buyer_tg_id ORDER BY d.day) AS previous_day
    FROM analytics_buyer_days d JOIN projects p ON p.id = d.project_id;

  INSERT INTO analytics_buyer_returns (user_id, project_id, day, previous_day, buyers)
  SELECT user_id, project_id, day, previous_day, count(*)
    FROM analytics_rebuild_events WHERE previous_day IS NOT NULL
   GROUP BY 1, 2, 3, 4;

  INSERT INTO analytics_daily (user_id, project_id, day, status, receipts, points_awarded, counted_kopecks, fee_kopecks, new_buyers)
  SELECT r.user_id, r.project_id, r.day, r.status, r.receipts, r.points_awarded, r.counted_kopecks, r.fee_kopecks,
         CASE WHEN r.status = 'success' THEN coalesce(n.buyers, 0) ELSE 0 END
    FROM (SELECT user_id, project_id, analytics_day(coalesce(issued_at, scanned_at)) AS day, status,
                 count(*) AS receipts, sum(points_awarded) AS points_awarded,
                 sum(counted_kopecks) AS counted_kopecks, sum(fee_kopecks) AS fee_kopecks
            FROM receipts WHERE project_id IS NOT NULL
           GROUP BY 1, 2, 3, 4) r
    LEFT JOIN (SELECT project_id, day, count(*) AS buyers
                 FROM analytics_rebuild_events WHERE previous_day IS NULL
                GROUP BY 1, 2) n ON n.project_id = r.project_id AND n.day = r.day;

  DROP TABLE analytics_rebuild_events;

  INSERT INTO analytics_products (user_id, project_id, day, name, items, quantity, sum_kopecks)
  SELECT r.user_id, r.project_id, analytics_day(coalesce(r.issued_at, r.scanned_at)), analytics_product_name(i.name),
         count(*), sum(i.quantity), sum(i.sum_kopecks)
    FROM receipts r JOIN receipt_items i ON i.receipt_id = r.id
   WHERE r.status = 'success' AND r.project_id IS NOT NULL AND i.status = 'counted'
   GROUP BY 1, 2, 3, 4;

  -- The capture rate's receipts: cancelled ones are off, as the catch-up and the cancel leave them.
  INSERT INTO analytics_capture (user_id, project_id, day, seller_inn, receipts, units)
  SELECT r.user_id, r.project_id, analytics_day(coalesce(r.issued_at, r.scanned_at)), r.seller_inn, count(DISTINCT r.id), sum(i.quantity)
    FROM receipts r JOIN receipt_items i ON i.receipt_id = r.id AND i.status = 'counted'
   WHERE r.status = 'success' AND r.project_id IS NOT NULL AND r.seller_inn IS NOT NULL AND r.cancelled_at IS NULL
   GROUP BY 1, 2, 3, 4;

  INSERT INTO analytics_capture_items (user_id, project_id, day, seller_inn, name, items, units)
  SELECT r.user_id, r.project_id, analytics_day(coalesce(r.issued_at, r.scanned_at)), r.seller_inn, i.name, count(*), sum(i.quantity)
    FROM receipts r JOIN receipt_items i ON i.receipt_id = r.id AND i.status = 'counted'
   WHERE r.status = 'success' AND r.project_id IS NOT NULL AND r.seller_inn IS NOT NULL AND r.cancelled_at IS NULL
   GROUP BY 1, 2, 3, 4, 5;
END $$;
