-- Receipt verification: checked receipts and their items, the tax-service cache, the points
-- ledger, per-buyer statistics and the outbox of PuzzleBot pushes.

ALTER TABLE projects
  ADD COLUMN product_keywords text[] NOT NULL DEFAULT '{}',
  ADD COLUMN min_total_kopecks bigint NOT NULL DEFAULT 0 CHECK (min_total_kopecks >= 0),
  -- The key a bot platform sends to POST /lk/api/check for this action.
  ADD COLUMN api_key text;
UPDATE projects SET api_key = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
ALTER TABLE projects ALTER COLUMN api_key SET NOT NULL;
CREATE UNIQUE INDEX projects_api_key ON projects (api_key);

CREATE TABLE receipts (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id              integer NOT NULL REFERENCES users (id),
  project_id           integer REFERENCES projects (id),
  -- Snapshots: the history reads the same after the action is renamed or deleted.
  project_name         text NOT NULL,
  project_inns         text[] NOT NULL,
  buyer_tg_id          text NOT NULL,
  qr_raw               text NOT NULL,
  fn                   text,
  fd                   text,
  fp                   text,
  issued_at            timestamptz,
  total_kopecks        bigint,
  seller_name          text,
  seller_inn           text,
  retail_place         text,
  status               text NOT NULL,
  message              text,
  points_awarded       integer NOT NULL DEFAULT 0 CHECK (points_awarded >= 0),
  counted_kopecks      bigint NOT NULL DEFAULT 0,
  fee_kopecks          bigint NOT NULL DEFAULT 0,
  -- Set on successful scans of actions that refuse repeats: the unique index below makes
  -- "one success per receipt per action" hold under any concurrency.
  dedupe               boolean NOT NULL DEFAULT false,
  scanned_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX receipts_one_success_per_action ON receipts (project_id, fn, fd, fp) WHERE dedupe;
CREATE INDEX receipts_success_lookup ON receipts (project_id, fn, fd, fp) WHERE status = 'success';
CREATE INDEX receipts_seller_history ON receipts (user_id, id DESC);
CREATE INDEX receipts_project_history ON receipts (project_id, id DESC);

CREATE TABLE receipt_items (
  receipt_id     bigint NOT NULL REFERENCES receipts (id) ON DELETE CASCADE,
  position       integer NOT NULL,
  name           text NOT NULL,
  price_kopecks  bigint NOT NULL,
  quantity       numeric(14, 6) NOT NULL,
  sum_kopecks    bigint NOT NULL,
  provider_inn   text,
  status         text NOT NULL CHECK (status IN ('counted', 'not_counted')),
  PRIMARY KEY (receipt_id, position)
);

-- What the tax service answered for a receipt (fn:i:fp), so each receipt is fetched once.
CREATE TABLE tax_receipt_cache (
  receipt_key  text PRIMARY KEY,
  body         jsonb NOT NULL,
  fetched_at   timestamptz NOT NULL DEFAULT now()
);

-- Points: an append-only ledger per (action, buyer) and the running balance it sums to.
CREATE TABLE points_ledger (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id   integer NOT NULL REFERENCES projects (id),
  buyer_tg_id  text NOT NULL,
  delta        integer NOT NULL CHECK (delta <> 0),
  reason       text NOT NULL,
  reference    text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX points_ledger_buyer ON points_ledger (project_id, buyer_tg_id);

-- Append-only by a trigger: src/server/db/functions/balance_ledger_is_append_only.sql.

CREATE TABLE buyer_points (
  project_id   integer NOT NULL REFERENCES projects (id),
  buyer_tg_id  text NOT NULL,
  balance      integer NOT NULL CHECK (balance >= 0),
  PRIMARY KEY (project_id, buyer_tg_id)
);

-- Successful receipts per (seller, action, buyer), kept in the receipt's transaction so the
-- Buyers page reads 100 000 buyers without scanning a million receipts.
CREATE TABLE buyer_stats (
  user_id              integer NOT NULL REFERENCES users (id),
  project_id           integer NOT NULL REFERENCES projects (id),
  buyer_tg_id          text NOT NULL,
  successful_receipts  integer NOT NULL,
  total_kopecks        bigint NOT NULL,
  last_receipt_at      timestamptz NOT NULL,
  PRIMARY KEY (user_id, project_id, buyer_tg_id)
);
CREATE INDEX buyer_stats_seller_recent ON buyer_stats (user_id, last_receipt_at DESC);

-- Durable outbox of pushes to PuzzleBot, written with the receipt; a worker delivers them.
CREATE TABLE puzzlebot_outbox (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects (id),
  buyer_tg_id      text NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  locked_until     timestamptz,
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz
);
CREATE INDEX puzzlebot_outbox_due ON puzzlebot_outbox (next_attempt_at) WHERE status = 'pending';
