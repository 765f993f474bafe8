-- Sellers, their sessions and the login throttle (foundation).

CREATE TABLE users (
  id                          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                        text NOT NULL,
  email                       text NOT NULL,
  password_hash               text NOT NULL,
  -- Money is integer kopecks; the API shows rubles.
  balance_kopecks             bigint NOT NULL DEFAULT 0 CONSTRAINT users_balance_not_negative CHECK (balance_kopecks >= 0),
  is_activated                boolean NOT NULL DEFAULT false,
  scanned_receipts            integer NOT NULL DEFAULT 0 CHECK (scanned_receipts >= 0),
  -- The seller's default action settings (SPEC §3 User), prefilled into a new action.
  project_name                text,
  project_inns                text[] NOT NULL DEFAULT '{}',
  points_percentage           numeric(5, 2) NOT NULL DEFAULT 10 CHECK (points_percentage BETWEEN 0 AND 100),
  puzzle_bot_token            text,
  puzzle_bot_points_variable  text,
  command_success             text,
  command_not_recognized      text,
  command_already_scanned     text,
  command_too_old             text,
  command_no_items            text,
  receipt_validity_days       integer NOT NULL DEFAULT 60 CHECK (receipt_validity_days >= 1),
  check_duplicates            smallint NOT NULL DEFAULT 0 CHECK (check_duplicates IN (0, 1)),
  mailing_bot_token           text,
  created_at                  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_lowercase CHECK (email = lower(email))
);
CREATE UNIQUE INDEX users_email_unique ON users (email);

-- Opaque bearer tokens: only their SHA-256 is stored, so a database leak yields no usable session.
CREATE TABLE sessions (
  token_hash    text PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX sessions_user_id ON sessions (user_id);

-- Failed-login counters per account and per client address, shared by every app instance.
CREATE TABLE login_throttle (
  key                text PRIMARY KEY,
  failures           integer NOT NULL,
  window_started_at  timestamptz NOT NULL
);
