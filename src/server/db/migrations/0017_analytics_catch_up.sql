-- Analytics are counted after the check, in batches, instead of inside it (docs/decisions.md,
-- "Analytics: counted in batches, exact when read"). Measured under 10 parallel checks of one
-- seller on PostgreSQL: the two analytics triggers were 0.15 ms of the ~0.95 ms of database CPU
-- per check, and their rows (the day's figures, the day's products) were updated by every
-- check inside the seller's locked run. A receipt now only queues its id; the same rules run
-- over a batch of queued receipts: one upsert per day and verdict and one per day and product
-- for the whole batch, and the buyer-day links only for days the buyer did not have yet.

-- Receipts written but not yet counted. No key: it is only ever read whole, in batches, by
-- the one catch-up that holds the lock below.
CREATE TABLE analytics_pending (
  receipt_id bigint NOT NULL
);

-- A buyer's new success day with an action: its place between the buyer's other days. Receipts
-- may arrive out of day order (a buyer scans an older receipt later), so the next day's link
-- is moved to it. The day's 'success' row of analytics_daily exists already (the catch-up
-- counts the batch's receipts first).
CREATE FUNCTION analytics_add_buyer_day(p_user integer, p_project integer, p_buyer text, p_day date) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  previous_day date;
  next_day date;
  added integer;
BEGIN
  INSERT INTO analytics_buyer_days (project_id, buyer_tg_id, day) VALUES (p_project, p_buyer, p_day) ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added = 0 THEN
    RETURN;
  END IF;
  SELECT max(day) INTO previous_day FROM analytics_buyer_days WHERE project_id = p_project AND buyer_tg_id = p_buyer AND day < p_day;
  SELECT min(day) INTO next_day FROM analytics_buyer_days WHERE project_id = p_project AND buyer_tg_id = p_buyer AND day > p_day;
  IF previous_day IS NULL THEN
    UPDATE analytics_daily SET new_buyers = new_buyers + 1
     WHERE user_id = p_user AND project_id = p_project AND day = p_day AND status = 'success';
  ELSE
    PERFORM analytics_shift_return(p_user, p_project, p_day, previous_day, 1);
  END IF;
  IF next_day IS NOT NULL THEN
    IF previous_day IS NULL THEN
      UPDATE analytics_daily SET new_buyers = new_buyers - 1
       WHERE user_id = p_user AND project_id = p_project AND day = next_day AND status = 'success';
    ELSE
      PERFORM analytics_shift_return(p_user, p_project, next_day, previous_day, -1);
    END IF;
    PERFORM analytics_shift_return(p_user, p_project, next_day, p_day, 1);
  END IF;
END $$;

-- Counts up to `batch` queued receipts and answers how many it took (fewer than `batch`: none
-- left). The batch is joined as a list, which plans as lookups by primary key whatever its size
-- (a cached generic plan of `id = ANY (taken)` may not). One catch-up at a time (key space 2 = analytics; the seller's awards use 1), so the
-- buyer-day links never race and a reader that waits for the lock sees every queued receipt
-- counted once.
CREATE FUNCTION analytics_catch_up(batch integer) RETURNS integer
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

  RETURN cardinality(taken);
END $$;

-- Every receipt with an action is queued by the statement that writes it, whichever code path
-- that is. The items are read at the catch-up: they commit with their receipt.
CREATE FUNCTION analytics_queue_receipts() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_pending (receipt_id) SELECT id FROM inserted WHERE project_id IS NOT NULL;
  RETURN NULL;
END $$;

DROP TRIGGER receipts_analytics ON receipts;
DROP FUNCTION analytics_record_receipt();
DROP TRIGGER receipt_items_analytics ON receipt_items;
DROP FUNCTION analytics_record_items();
CREATE TRIGGER receipts_analytics
  AFTER INSERT ON receipts REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_queue_receipts();

-- The operator rebuild counts every receipt, queued ones included: it empties the queue first,
-- once a catch-up in progress has finished (the rebuild's caller locks receipts against writes).
CREATE FUNCTION analytics_discard_queue() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(2, 0);
  DELETE FROM analytics_pending;
END $$;
