-- Analytics: daily per-action aggregates of receipt checks, counted from the receipts by the
-- stored functions src/server/db/functions/analytics_*.sql (analytics_catch_up.sql counts); rebuilt
-- exactly from the receipts by `npm run admin -- analytics:rebuild` (docs/decisions.md). A day
-- is a calendar date in Moscow time (analytics_day).

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

