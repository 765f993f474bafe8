-- The points shop: one per action (settings and its link token), its products, and the buyers'
-- exchange requests ("orders"), which spend points through the points ledger.

CREATE TABLE shop_settings (
  id                     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id                integer NOT NULL REFERENCES users (id),
  project_id             integer NOT NULL UNIQUE REFERENCES projects (id),
  -- The shop link's secret (≥ 128 random bits); a new one replaces it and the old link dies.
  token                  text NOT NULL UNIQUE,
  puzzle_bot_token       text,
  command_name           text,
  variable_name_title    text,
  variable_name_price    text,
  telegram_bot_token     text,
  telegram_bot_username  text,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shop_products (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id),
  project_id    integer NOT NULL REFERENCES projects (id),
  title         text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description   text NOT NULL DEFAULT '',
  image_url     text,
  price_points  integer NOT NULL CHECK (price_points >= 0),
  is_active     boolean NOT NULL DEFAULT true,
  position      integer NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  -- Deleted products leave the shop but stay for the orders that name them.
  deleted_at    timestamptz
);
CREATE INDEX shop_products_in_order ON shop_products (project_id, position) WHERE deleted_at IS NULL;

CREATE TABLE shop_orders (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id),
  project_id    integer NOT NULL REFERENCES projects (id),
  product_id    integer REFERENCES shop_products (id),
  buyer_tg_id   text NOT NULL,
  -- The buyer's Telegram name at the time, from the signed init data.
  buyer_name    text,
  -- What was exchanged, as it was at that moment (the product may change or go later).
  title         text NOT NULL,
  price_points  integer NOT NULL CHECK (price_points >= 0),
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'fulfilled', 'cancelled')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shop_orders_by_action ON shop_orders (project_id, id DESC);
CREATE INDEX shop_orders_by_buyer ON shop_orders (project_id, buyer_tg_id, id DESC);

-- What an exchange still owes the bot platform and the buyer's chat: written with the order,
-- delivered by the job queue with retries (an outage delays, never loses).
CREATE TABLE shop_notifications (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id         integer NOT NULL REFERENCES shop_orders (id),
  kind             text NOT NULL CHECK (kind IN ('puzzlebot_exchange', 'telegram_message')),
  payload          jsonb NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz
);
CREATE INDEX shop_notifications_due ON shop_notifications (next_attempt_at) WHERE status = 'pending';
