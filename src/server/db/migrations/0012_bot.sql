-- ScanApp's own shoppers' bot: an action may bring a Telegram bot token; ScanApp receives the
-- bot's updates (webhook or long polling), checks receipt photos and answers.

ALTER TABLE projects ADD COLUMN telegram_bot_token text;
ALTER TABLE projects ADD COLUMN telegram_bot_id bigint;
ALTER TABLE projects ADD COLUMN telegram_bot_username text;
-- One bot serves one live action at a time.
CREATE UNIQUE INDEX projects_one_action_per_bot ON projects (telegram_bot_id) WHERE telegram_bot_id IS NOT NULL AND deleted_at IS NULL;

CREATE TABLE bot_connections (
  project_id        integer PRIMARY KEY REFERENCES projects (id),
  bot_id            bigint NOT NULL,
  mode              text NOT NULL CHECK (mode IN ('webhook', 'polling')),
  -- Telegram echoes it in X-Telegram-Bot-Api-Secret-Token: a webhook call without it is not Telegram.
  webhook_secret    text NOT NULL,
  -- getUpdates offset: the next update_id to ask for.
  update_offset     bigint NOT NULL DEFAULT 0,
  -- With several instances exactly one polls a bot: the holder of this lease.
  poll_owner        text,
  poll_lease_until  timestamptz,
  connected_at      timestamptz NOT NULL DEFAULT now()
);

-- Every update Telegram sent, once per (bot, update_id): a redelivered update is not processed twice.
CREATE TABLE bot_updates (
  bot_id           bigint NOT NULL,
  update_id        bigint NOT NULL,
  project_id       integer NOT NULL REFERENCES projects (id),
  payload          jsonb NOT NULL,
  -- The bot's answer, kept once worked out: a retry after a failed send repeats the message, never the check.
  reply            jsonb,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  received_at      timestamptz NOT NULL DEFAULT now(),
  processed_at     timestamptz,
  PRIMARY KEY (bot_id, update_id)
);
CREATE INDEX bot_updates_due ON bot_updates (next_attempt_at) WHERE status = 'pending';

-- Shoppers as Telegram shows them, updated on each message: the Buyers screen and mailings show names beside ids.
CREATE TABLE telegram_buyers (
  buyer_tg_id  text PRIMARY KEY,
  first_name   text,
  username     text,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
