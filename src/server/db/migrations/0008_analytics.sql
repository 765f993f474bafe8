-- Analytics: daily per-action aggregates of receipt checks, kept by triggers in the same
-- transaction as every receipt (and item) insert, whichever code path writes it; rebuilt
-- exactly from the receipts by `npm run admin -- analytics:rebuild` (docs/decisions.md).

-- The analytics day of an instant: its calendar date in Moscow time.
CREATE FUNCTION analytics_day(at timestamptz) RETURNS date
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT (at AT TIME ZONE 'Europe/Moscow')::date $$;

-- One row per (seller, action, day, verdict): the figures and the refusals-by-status chart.
-- new_buyers is on the 'success' row: buyers whose first successful receipt of the action is that day.
CREATE TABLE analytics_daily (
  user_id          integer NOT NULL REFERENCES users (id),
  project_id       integer NOT NULL REFERENCES projects (id),
  day              date NOT NULL,
  status           text NOT NULL,
  receipts         integer NOT NULL DEFAULT 0,
  points_awarded   bigint NOT NULL DEFAULT 0,
  counted_kopecks  bigint NOT NULL DEFAULT 0,
  fee_kopecks      bigint NOT NULL DEFAULT 0,
  new_buyers       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, project_id, day, status)
);
CREATE INDEX analytics_daily_seller_day ON analytics_daily (user_id, day);

-- The days on which a buyer had a successful receipt with an action (an index, never summed).
CREATE TABLE analytics_buyer_days (
  project_id   integer NOT NULL REFERENCES projects (id),
  buyer_tg_id  text NOT NULL,
  day          date NOT NULL,
  PRIMARY KEY (project_id, buyer_tg_id, day)
);

-- "Returns": a buyer's success day `day` whose previous success day with the action was
-- `previous_day`, counted. A buyer is returning in [from, to] exactly when one of their
-- returns has from <= day <= to and previous_day < from, so the count is a sum, not a
-- distinct count over receipts.
CREATE TABLE analytics_buyer_returns (
  user_id       integer NOT NULL REFERENCES users (id),
  project_id    integer NOT NULL REFERENCES projects (id),
  day           date NOT NULL,
  previous_day  date NOT NULL,
  buyers        integer NOT NULL CHECK (buyers > 0),
  PRIMARY KEY (user_id, project_id, day, previous_day)
);
CREATE INDEX analytics_buyer_returns_seller_day ON analytics_buyer_returns (user_id, day);

-- Counted items of successful receipts by product name and day: the top-10 products.
CREATE TABLE analytics_products (
  user_id      integer NOT NULL REFERENCES users (id),
  project_id   integer NOT NULL REFERENCES projects (id),
  day          date NOT NULL,
  name         text NOT NULL,
  items        integer NOT NULL,
  quantity     numeric(20, 6) NOT NULL,
  sum_kopecks  bigint NOT NULL,
  PRIMARY KEY (user_id, project_id, day, name)
);
CREATE INDEX analytics_products_seller_day ON analytics_products (user_id, day);

-- A product's name as the top-10 groups it (bounded: it is part of a primary key).
CREATE FUNCTION analytics_product_name(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT left(btrim(name), 300) $$;

CREATE FUNCTION analytics_shift_return(p_user integer, p_project integer, p_day date, p_previous date, p_delta integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta > 0 THEN
    INSERT INTO analytics_buyer_returns (user_id, project_id, day, previous_day, buyers)
    VALUES (p_user, p_project, p_day, p_previous, p_delta)
    ON CONFLICT (user_id, project_id, day, previous_day) DO UPDATE SET buyers = analytics_buyer_returns.buyers + p_delta;
  ELSE
    -- A zero count is no row, as after a rebuild.
    DELETE FROM analytics_buyer_returns
     WHERE user_id = p_user AND project_id = p_project AND day = p_day AND previous_day = p_previous AND buyers + p_delta <= 0;
    UPDATE analytics_buyer_returns SET buyers = buyers + p_delta
     WHERE user_id = p_user AND project_id = p_project AND day = p_day AND previous_day = p_previous;
  END IF;
END $$;

CREATE FUNCTION analytics_record_receipt() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  check_day date := analytics_day(coalesce(NEW.issued_at, NEW.scanned_at));
  previous_day date;
  next_day date;
  added integer;
  new_buyer integer := 0;
BEGIN
  IF NEW.project_id IS NULL THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'success' THEN
    INSERT INTO analytics_buyer_days (project_id, buyer_tg_id, day) VALUES (NEW.project_id, NEW.buyer_tg_id, check_day)
    ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS added = ROW_COUNT;
    IF added = 1 THEN
      -- Receipts may arrive out of day order (a buyer scans an older receipt later), so the
      -- new day goes between its neighbours and the next day's event is re-linked to it.
      SELECT max(day) INTO previous_day FROM analytics_buyer_days
       WHERE project_id = NEW.project_id AND buyer_tg_id = NEW.buyer_tg_id AND day < check_day;
      SELECT min(day) INTO next_day FROM analytics_buyer_days
       WHERE project_id = NEW.project_id AND buyer_tg_id = NEW.buyer_tg_id AND day > check_day;
      IF previous_day IS NULL THEN
        new_buyer := 1;
      ELSE
        PERFORM analytics_shift_return(NEW.user_id, NEW.project_id, check_day, previous_day, 1);
      END IF;
      IF next_day IS NOT NULL THEN
        IF previous_day IS NULL THEN
          UPDATE analytics_daily SET new_buyers = new_buyers - 1
           WHERE user_id = NEW.user_id AND project_id = NEW.project_id AND day = next_day AND status = 'success';
        ELSE
          PERFORM analytics_shift_return(NEW.user_id, NEW.project_id, next_day, previous_day, -1);
        END IF;
        PERFORM analytics_shift_return(NEW.user_id, NEW.project_id, next_day, check_day, 1);
      END IF;
    END IF;
  END IF;
  INSERT INTO analytics_daily AS daily (user_id, project_id, day, status, receipts, points_awarded, counted_kopecks, fee_kopecks, new_buyers)
  VALUES (NEW.user_id, NEW.project_id, check_day, NEW.status, 1, NEW.points_awarded, NEW.counted_kopecks, NEW.fee_kopecks, new_buyer)
  ON CONFLICT (user_id, project_id, day, status) DO UPDATE SET
    receipts = daily.receipts + 1,
    points_awarded = daily.points_awarded + EXCLUDED.points_awarded,
    counted_kopecks = daily.counted_kopecks + EXCLUDED.counted_kopecks,
    fee_kopecks = daily.fee_kopecks + EXCLUDED.fee_kopecks,
    new_buyers = daily.new_buyers + EXCLUDED.new_buyers;
  RETURN NULL;
END $$;

CREATE TRIGGER receipts_analytics
  AFTER INSERT ON receipts
  FOR EACH ROW EXECUTE FUNCTION analytics_record_receipt();

CREATE FUNCTION analytics_record_item() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  receipt record;
BEGIN
  SELECT user_id, project_id, status, issued_at, scanned_at INTO receipt FROM receipts WHERE id = NEW.receipt_id;
  IF receipt.status IS DISTINCT FROM 'success' OR receipt.project_id IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO analytics_products AS product (user_id, project_id, day, name, items, quantity, sum_kopecks)
  VALUES (receipt.user_id, receipt.project_id, analytics_day(coalesce(receipt.issued_at, receipt.scanned_at)),
          analytics_product_name(NEW.name), 1, NEW.quantity, NEW.sum_kopecks)
  ON CONFLICT (user_id, project_id, day, name) DO UPDATE SET
    items = product.items + 1,
    quantity = product.quantity + EXCLUDED.quantity,
    sum_kopecks = product.sum_kopecks + EXCLUDED.sum_kopecks;
  RETURN NULL;
END $$;

CREATE TRIGGER receipt_items_analytics
  AFTER INSERT ON receipt_items
  FOR EACH ROW WHEN (NEW.status = 'counted') EXECUTE FUNCTION analytics_record_item();

-- Recomputes every aggregate from the receipts. The caller locks receipts against writes
-- first (the operator command does), so the result is exact.
CREATE FUNCTION analytics_rebuild() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_daily;
  DELETE FROM analytics_buyer_days;
  DELETE FROM analytics_buyer_returns;
  DELETE FROM analytics_products;

  INSERT INTO analytics_buyer_days (project_id, buyer_tg_id, day)
  SELECT DISTINCT project_id, buyer_tg_id, analytics_day(coalesce(issued_at, scanned_at))
    FROM receipts
   WHERE status = 'success' AND project_id IS NOT NULL;

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
END $$;

-- Receipts written before this migration.
SELECT analytics_rebuild();
