-- Seller notices (docs/decisions.md, "Seller notices"): what ScanApp tells a seller about their
-- business, by e-mail and by Telegram through the operator's notification bot.

-- A seller's choices: the events turned off per channel (none: everything on) and the Telegram chat
-- linked through the notification bot. No row: every e-mail notice on, Telegram not linked.
CREATE TABLE seller_notice_settings (
  user_id            integer PRIMARY KEY REFERENCES users (id),
  email_off          text[] NOT NULL DEFAULT '{}',
  telegram_off       text[] NOT NULL DEFAULT '{}',
  telegram_chat_id   bigint,
  telegram_username  text,
  telegram_linked_at timestamptz,
  CHECK ((telegram_chat_id IS NULL) = (telegram_linked_at IS NULL))
);

-- One-time codes of the link `https://t.me/<bot>?start=<code>`: only the code's SHA-256 is kept, a
-- code links one chat once and only until it expires.
CREATE TABLE seller_telegram_link_codes (
  code_hash  text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX seller_telegram_link_codes_user ON seller_telegram_link_codes (user_id);

-- The notices' outbox, a row per occurrence and channel: the unique key makes each event told at
-- most once however often its detector runs, and a row survives restarts until it is sent, dropped
-- (its channel turned off, Telegram unlinked) or failed. The texts are written when it is queued.
CREATE TABLE seller_notices (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         integer NOT NULL REFERENCES users (id),
  event           text NOT NULL,
  subject_key     text NOT NULL,
  channel         text NOT NULL CHECK (channel IN ('email', 'telegram')),
  title           text NOT NULL,
  lines           text[] NOT NULL,
  link_label      text NOT NULL,
  link_path       text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dropped', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  UNIQUE (user_id, event, subject_key, channel)
);
CREATE INDEX seller_notices_due ON seller_notices (next_attempt_at) WHERE status = 'pending';

-- The operator's notification bot (the setting `notify_bot_token`, sealed like the sellers' tokens),
-- its username for the links, its place in its update stream (getUpdates' offset) and the lease of
-- the instance reading that stream now. One row.
CREATE TABLE seller_notice_bot (
  id            smallint PRIMARY KEY CHECK (id = 1),
  token         text,
  username      text,
  update_offset bigint NOT NULL DEFAULT 0,
  polled_until  timestamptz
);
