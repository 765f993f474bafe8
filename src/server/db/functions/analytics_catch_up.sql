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
  day_sellers integer[];
  day_actions integer[];
  day_buyers text[];
  days date[];
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

  -- The batch's receipts and their counted items are read once, for all four counts in one
  -- statement (each count joined the list with receipts again: five reads of every receipt and
  -- three of its items, ≈ 0.1 ms of every check's database time). The new buyer-days come out of
  -- it as lists and are linked after it, once the day's 'success' rows are counted.
  WITH batch AS MATERIALIZED (
    SELECT r.id, r.user_id, r.project_id, r.buyer_tg_id, r.status, r.points_awarded, r.counted_kopecks, r.fee_kopecks, r.seller_inn,
           analytics_day(coalesce(r.issued_at, r.scanned_at)) AS day
      FROM unnest(taken) AS t(id) JOIN receipts r ON r.id = t.id
     WHERE r.project_id IS NOT NULL
  ), counted_items AS MATERIALIZED (
    SELECT b.id, b.user_id, b.project_id, b.day, b.seller_inn, i.name, i.quantity, i.sum_kopecks
      FROM batch b JOIN receipt_items i ON i.receipt_id = b.id
     WHERE b.status = 'success' AND i.status = 'counted'
  ), daily AS (
    INSERT INTO analytics_daily AS daily (user_id, project_id, day, status, receipts, points_awarded, counted_kopecks, fee_kopecks, new_buyers)
    SELECT user_id, project_id, day, status, count(*), sum(points_awarded), sum(counted_kopecks), sum(fee_kopecks), 0
      FROM batch
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (user_id, project_id, day, status) DO UPDATE SET
      receipts = daily.receipts + EXCLUDED.receipts,
      points_awarded = daily.points_awarded + EXCLUDED.points_awarded,
      counted_kopecks = daily.counted_kopecks + EXCLUDED.counted_kopecks,
      fee_kopecks = daily.fee_kopecks + EXCLUDED.fee_kopecks
  ), products AS (
    INSERT INTO analytics_products AS product (user_id, project_id, day, name, items, quantity, sum_kopecks)
    SELECT user_id, project_id, day, analytics_product_name(name), count(*), sum(quantity), sum(sum_kopecks)
      FROM counted_items
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (user_id, project_id, day, name) DO UPDATE SET
      items = product.items + EXCLUDED.items,
      quantity = product.quantity + EXCLUDED.quantity,
      sum_kopecks = product.sum_kopecks + EXCLUDED.sum_kopecks
  ), capture AS (
    -- «Окупаемость»: a receipt is counted whether or not it was cancelled since; the cancel takes
    -- it off by itself (analytics_uncount_cancelled.sql), before or after this, once.
    INSERT INTO analytics_capture AS capture (user_id, project_id, day, seller_inn, receipts, units)
    SELECT user_id, project_id, day, seller_inn, count(DISTINCT id), sum(quantity)
      FROM counted_items
     WHERE seller_inn IS NOT NULL
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (user_id, project_id, day, seller_inn) DO UPDATE SET
      receipts = capture.receipts + EXCLUDED.receipts,
      units = capture.units + EXCLUDED.units
  ), capture_items AS (
    INSERT INTO analytics_capture_items AS item (user_id, project_id, day, seller_inn, name, items, units)
    SELECT user_id, project_id, day, seller_inn, name, count(*), sum(quantity)
      FROM counted_items
     WHERE seller_inn IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, project_id, day, seller_inn, md5(name)) DO UPDATE SET
      items = item.items + EXCLUDED.items,
      units = item.units + EXCLUDED.units
  )
  SELECT coalesce(array_agg(d.user_id ORDER BY d.project_id, d.buyer_tg_id, d.day), '{}'),
         coalesce(array_agg(d.project_id ORDER BY d.project_id, d.buyer_tg_id, d.day), '{}'),
         coalesce(array_agg(d.buyer_tg_id ORDER BY d.project_id, d.buyer_tg_id, d.day), '{}'),
         coalesce(array_agg(d.day ORDER BY d.project_id, d.buyer_tg_id, d.day), '{}')
    INTO day_sellers, day_actions, day_buyers, days
    FROM (SELECT DISTINCT b.user_id, b.project_id, b.buyer_tg_id, b.day
            FROM batch b
           WHERE b.status = 'success'
             AND NOT EXISTS (SELECT 1 FROM analytics_buyer_days d
                              WHERE d.project_id = b.project_id AND d.buyer_tg_id = b.buyer_tg_id AND d.day = b.day)) d;

  -- The shoppers' first two days, in each action and over all the seller's actions (project 0,
  -- the repeat cohorts), for the whole batch in one statement: a row per shopper and scope with
  -- the two earliest of its new days, kept with the row's own as the earliest two. Row by row,
  -- each new day's upsert ran the cohort counts' two statement triggers
  -- (analytics_cohort_days_changed.sql), ≈ 0.5 ms of a new shopper's check. Statement triggers
  -- fire on no rows too: a batch of known buyer-days skips the statement.
  IF cardinality(days) = 0 THEN
    RETURN cardinality(taken);
  END IF;
  INSERT INTO analytics_shopper_firsts AS firsts (user_id, project_id, buyer_tg_id, first_day, second_day)
  SELECT user_id, scope, buyer_tg_id, earliest[1], earliest[2]
    FROM (SELECT n.user_id, s.scope, n.buyer_tg_id, (array_agg(DISTINCT n.day ORDER BY n.day))[1:2] AS earliest
            FROM unnest(day_sellers, day_actions, day_buyers, days) AS n(user_id, project_id, buyer_tg_id, day)
           CROSS JOIN LATERAL (VALUES (n.project_id), (0)) AS s(scope)
           GROUP BY 1, 2, 3) AS new_days
   ORDER BY 1, 2, 3
  ON CONFLICT (user_id, project_id, buyer_tg_id) DO UPDATE SET
    first_day = least(firsts.first_day, EXCLUDED.first_day),
    second_day = (SELECT min(d) FROM unnest(ARRAY[firsts.first_day, firsts.second_day, EXCLUDED.first_day, EXCLUDED.second_day]) AS d
                   WHERE d > least(firsts.first_day, EXCLUDED.first_day));

  -- One day at a time: each new day moves its neighbours' links, which the next one reads.
  FOR n IN 1 .. cardinality(days) LOOP
    PERFORM analytics_add_buyer_day_links(day_sellers[n], day_actions[n], day_buyers[n], days[n]);
  END LOOP;

  RETURN cardinality(taken);
END $$;
