-- The daily digest (docs/decisions.md, "Seller notices: the daily digest") reads one Moscow day of
-- every seller's aggregates at once; analytics_daily_seller_day leads with the seller, so without
-- this a day's rows would be found by reading the whole table.
CREATE INDEX analytics_daily_day ON analytics_daily (day);

-- The promo-code pool's size and low mark (docs/decisions.md, "Promo codes running low"), so the
-- receipt path tells "the pool runs low" by comparing the claimed code's id with a number instead
-- of counting the pool. Claims take the lowest free id, so the pool is low (fewer than K free,
-- K = ceil(max(10 % of the total, 10)): the rule isPoolLow in contract/promo-codes.ts) once a claim
-- reaches the K-th free code from the end. Null: fewer than K codes were free at the upload.
-- Written with every upload (under the action's lock); here for the pools that exist.
CREATE TABLE promo_code_pools (
  project_id  integer PRIMARY KEY REFERENCES projects (id),
  total       integer NOT NULL,
  low_from_id bigint
);
INSERT INTO promo_code_pools (project_id, total, low_from_id)
SELECT pool.project_id, pool.total,
       (SELECT f.id FROM promo_codes f
         WHERE f.project_id = pool.project_id AND f.issued_at IS NULL
         ORDER BY f.id DESC OFFSET (greatest(ceil(pool.total * 0.1), 10) - 1)::bigint LIMIT 1)
  FROM (SELECT project_id, count(*)::integer AS total FROM promo_codes GROUP BY project_id) pool;
