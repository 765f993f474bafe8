-- Billing settings, the balance ledger and actions (promotions, "projects" in the API).

CREATE TABLE billing_settings (
  key         text PRIMARY KEY,
  -- Prices in rubles with kopeck precision (a tier price can be 0.75).
  value       numeric(12, 2) NOT NULL CHECK (value >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- SPEC §9 defaults; project_subscription_price is our choice (docs/decisions.md).
INSERT INTO billing_settings (key, value) VALUES
  ('account_activation_price', 20000),
  ('project_subscription_price', 3000),
  ('receipt_price_tier1', 8),
  ('receipt_price_tier2', 6),
  ('receipt_price_tier3', 4),
  ('receipt_price_tier4', 2),
  ('receipt_price_tier5', 1.5),
  ('receipt_price_tier6', 1),
  ('receipt_price_tier7', 0.75);

-- Append-only: every balance change is one row, written in the transaction that changes the balance.
CREATE TABLE balance_ledger (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id                integer NOT NULL REFERENCES users (id),
  kind                   text NOT NULL CHECK (kind IN ('card_deposit', 'bank_transfer', 'activation', 'action_subscription', 'receipt_fee')),
  -- Credits positive, charges negative, in kopecks.
  amount_kopecks         bigint NOT NULL CHECK (amount_kopecks <> 0),
  balance_after_kopecks  bigint NOT NULL CHECK (balance_after_kopecks >= 0),
  -- Idempotency: a replayed payment notice or a retried charge carries the same reference.
  reference              text NOT NULL UNIQUE,
  description            text NOT NULL,
  created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX balance_ledger_user_time ON balance_ledger (user_id, id DESC);

-- Append-only by a trigger: src/server/db/functions/balance_ledger_is_append_only.sql.

CREATE TABLE projects (
  id                          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id                     integer NOT NULL REFERENCES users (id),
  name                        text NOT NULL,
  project_inns                text[] NOT NULL,
  points_percentage           numeric(5, 2) NOT NULL CHECK (points_percentage BETWEEN 0 AND 100),
  puzzle_bot_token            text,
  puzzle_bot_points_variable  text,
  command_success             text,
  command_not_recognized      text,
  command_already_scanned     text,
  command_too_old             text,
  command_no_items            text,
  receipt_validity_days       integer NOT NULL CHECK (receipt_validity_days >= 1),
  check_duplicates            smallint NOT NULL CHECK (check_duplicates IN (0, 1)),
  receipts_count              integer NOT NULL DEFAULT 0 CHECK (receipts_count >= 0),
  is_active                   boolean NOT NULL DEFAULT true,
  status_message              text,
  subscription_end_date       timestamptz,
  created_at                  timestamptz NOT NULL DEFAULT now(),
  updated_at                  timestamptz NOT NULL DEFAULT now(),
  -- Deleting hides the action but keeps it, so its receipt history stays readable.
  deleted_at                  timestamptz
);
CREATE INDEX projects_user_live ON projects (user_id, id) WHERE deleted_at IS NULL;
CREATE INDEX projects_expiring ON projects (subscription_end_date) WHERE is_active AND deleted_at IS NULL;
