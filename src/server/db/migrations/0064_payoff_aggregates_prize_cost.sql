-- «Окупаемость» from aggregates (docs/decisions.md, "Payoff analytics"): read from the receipts,
-- their items, every buyer day and every marketplace row, the call took 0.7–2 s at 100 000 rows
-- and grew with the data. These tables hold what each figure sums, per Moscow day, so a call reads
-- rows in proportion to its days and the seller's products, whatever the number of receipts.
--
-- Migrations run before the stored functions exist (migrate.ts), so the fill below spells out
-- analytics_day() ((instant AT TIME ZONE 'Europe/Moscow')::date) instead of calling it.

-- Accepted receipts with at least one counted item, and those items' units, per action, day of
-- purchase and issuer (the issuer's INN tells the marketplace: contract/marketplace-issuers.ts).
-- Filled by analytics_catch_up(); a cancel takes its receipt off (analytics_uncount_cancelled()).
CREATE TABLE analytics_capture (
  user_id    integer NOT NULL REFERENCES users (id),
  project_id integer NOT NULL REFERENCES projects (id),
  day        date NOT NULL,
  seller_inn text NOT NULL,
  receipts   integer NOT NULL,
  units      numeric(20, 6) NOT NULL,
  PRIMARY KEY (user_id, project_id, day, seller_inn)
);

-- The same units per item name as the receipt writes it (matched to the marketplace's products
-- by the one normalisation when read). `items` counts the item rows, so a name whose receipts
-- were all cancelled is known to be gone even if its units were zero. The key holds the name's
-- hash: a name as long as a receipt allows would not fit in a B-tree entry.
CREATE TABLE analytics_capture_items (
  user_id    integer NOT NULL REFERENCES users (id),
  project_id integer NOT NULL REFERENCES projects (id),
  day        date NOT NULL,
  seller_inn text NOT NULL,
  name       text NOT NULL,
  items      integer NOT NULL,
  units      numeric(20, 6) NOT NULL
);
CREATE UNIQUE INDEX analytics_capture_items_key ON analytics_capture_items (user_id, project_id, day, seller_inn, md5(name));

-- Each shopper's first two days with an accepted receipt, per action and (project_id 0) over all
-- the seller's actions: the repeat cohorts count shoppers by first day and the gap to the second.
CREATE TABLE analytics_shopper_firsts (
  user_id     integer NOT NULL REFERENCES users (id),
  project_id  integer NOT NULL,
  buyer_tg_id text NOT NULL,
  first_day   date NOT NULL,
  second_day  date,
  PRIMARY KEY (user_id, project_id, buyer_tg_id)
);
CREATE INDEX analytics_shopper_firsts_by_day ON analytics_shopper_firsts (user_id, project_id, first_day) INCLUDE (second_day);

-- Units sold and returned on the marketplace per seller, day and product name, with the rows
-- behind them; kept by statement triggers on marketplace_sales (marketplace_sales_daily_changed()),
-- a key whose rows are all gone is deleted.
CREATE TABLE marketplace_sales_daily (
  user_id      integer NOT NULL REFERENCES users (id),
  marketplace  text NOT NULL CHECK (marketplace IN ('wildberries', 'ozon')),
  moscow_day   date NOT NULL,
  name_key     text NOT NULL,
  product_name text NOT NULL,
  sale_rows    integer NOT NULL,
  sold         bigint NOT NULL,
  returned     bigint NOT NULL
);
CREATE UNIQUE INDEX marketplace_sales_daily_key ON marketplace_sales_daily (user_id, marketplace, moscow_day, name_key, md5(product_name));
CREATE INDEX marketplace_sales_daily_by_day ON marketplace_sales_daily (user_id, moscow_day);

-- The rows above are read through the new tables now.
DROP INDEX marketplace_sales_payoff;

-- The fill. A receipt still queued for the catch-up is counted by it later, cancelled or not,
-- and the cancel's subtraction is then still owed: it is written here.
INSERT INTO analytics_capture (user_id, project_id, day, seller_inn, receipts, units)
SELECT r.user_id, r.project_id, (coalesce(r.issued_at, r.scanned_at) AT TIME ZONE 'Europe/Moscow')::date, r.seller_inn,
       sum(sign), sum(sign * units)
  FROM receipts r
  JOIN (SELECT receipt_id, sum(quantity) AS units FROM receipt_items WHERE status = 'counted' GROUP BY 1) i ON i.receipt_id = r.id
 LEFT JOIN (SELECT DISTINCT receipt_id FROM analytics_pending) AS queued ON queued.receipt_id = r.id
 CROSS JOIN LATERAL (SELECT CASE WHEN queued.receipt_id IS NOT NULL
                                 THEN CASE WHEN r.cancelled_at IS NULL THEN 0 ELSE -1 END
                                 ELSE CASE WHEN r.cancelled_at IS NULL THEN 1 ELSE 0 END END AS sign) AS s
 WHERE r.status = 'success' AND r.project_id IS NOT NULL AND r.seller_inn IS NOT NULL AND s.sign <> 0
 GROUP BY 1, 2, 3, 4;

INSERT INTO analytics_capture_items (user_id, project_id, day, seller_inn, name, items, units)
SELECT r.user_id, r.project_id, (coalesce(r.issued_at, r.scanned_at) AT TIME ZONE 'Europe/Moscow')::date, r.seller_inn, i.name,
       sum(sign), sum(sign * i.quantity)
  FROM receipts r
  JOIN receipt_items i ON i.receipt_id = r.id AND i.status = 'counted'
 LEFT JOIN (SELECT DISTINCT receipt_id FROM analytics_pending) AS queued ON queued.receipt_id = r.id
 CROSS JOIN LATERAL (SELECT CASE WHEN queued.receipt_id IS NOT NULL
                                 THEN CASE WHEN r.cancelled_at IS NULL THEN 0 ELSE -1 END
                                 ELSE CASE WHEN r.cancelled_at IS NULL THEN 1 ELSE 0 END END AS sign) AS s
 WHERE r.status = 'success' AND r.project_id IS NOT NULL AND r.seller_inn IS NOT NULL AND s.sign <> 0
 GROUP BY 1, 2, 3, 4, 5;

INSERT INTO analytics_shopper_firsts (user_id, project_id, buyer_tg_id, first_day, second_day)
SELECT p.user_id, d.project_id, d.buyer_tg_id, (array_agg(d.day ORDER BY d.day))[1], (array_agg(d.day ORDER BY d.day))[2]
  FROM analytics_buyer_days d JOIN projects p ON p.id = d.project_id
 GROUP BY 1, 2, 3;

INSERT INTO analytics_shopper_firsts (user_id, project_id, buyer_tg_id, first_day, second_day)
SELECT p.user_id, 0, d.buyer_tg_id, (array_agg(DISTINCT d.day ORDER BY d.day))[1], (array_agg(DISTINCT d.day ORDER BY d.day))[2]
  FROM analytics_buyer_days d JOIN projects p ON p.id = d.project_id
 GROUP BY 1, 3;

INSERT INTO marketplace_sales_daily (user_id, marketplace, moscow_day, name_key, product_name, sale_rows, sold, returned)
SELECT user_id, marketplace, moscow_day, name_key, product_name, count(*),
       coalesce(sum(units) FILTER (WHERE kind = 'sale'), 0), coalesce(sum(units) FILTER (WHERE kind = 'return'), 0)
  FROM marketplace_sales
 GROUP BY 1, 2, 3, 4, 5;

-- The liability in rubles (docs/decisions.md, "Payoff analytics"): what one prize costs the seller,
-- optional, and that cost kept on each exchange as it was then, as its title and price are. A
-- point's cost is the handed-out exchanges' cost ÷ their points; without a cost there is none.
ALTER TABLE shop_products ADD COLUMN cost_kopecks bigint CHECK (cost_kopecks >= 0);
ALTER TABLE shop_orders ADD COLUMN cost_kopecks bigint CHECK (cost_kopecks >= 0);
