-- Mailings through the seller's Telegram bot. A mailing and one row per recipient are written
-- first; background jobs then deliver them, so a restart resumes where delivery stopped.

ALTER TABLE users ADD COLUMN mailing_bot_username text;

CREATE TABLE mailings (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users (id),
  -- The token the mailing started with: a later change of the saved token does not move it.
  bot_token      text NOT NULL,
  bot_id         bigint NOT NULL,
  text           text NOT NULL,
  parse_mode     text CHECK (parse_mode IN ('HTML', 'MarkdownV2')),
  image_url      text,
  -- Telegram's id of the picture after its first upload: the other recipients reuse it.
  photo_file_id  text,
  status         text NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'done', 'cancelled', 'failed')),
  total          integer NOT NULL CHECK (total > 0),
  sent           integer NOT NULL DEFAULT 0 CHECK (sent >= 0),
  failed         integer NOT NULL DEFAULT 0 CHECK (failed >= 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  finished_at    timestamptz,
  -- Set by a worker at each batch: a 'sending' mailing nobody touched for a while is resumed.
  last_worked_at timestamptz,
  CHECK (sent + failed <= total)
);
CREATE INDEX mailings_by_seller ON mailings (user_id, id DESC);
CREATE INDEX mailings_sending ON mailings (id) WHERE status = 'sending';

CREATE TABLE mailing_recipients (
  mailing_id       bigint NOT NULL REFERENCES mailings (id),
  chat_id          bigint NOT NULL,
  -- pending → sending (claimed by a worker until claimed_until) → sent | failed | cancelled
  state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'cancelled')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  claimed_until    timestamptz,
  error            text,
  sent_at          timestamptz,
  PRIMARY KEY (mailing_id, chat_id)
);
CREATE INDEX mailing_recipients_open ON mailing_recipients (mailing_id, next_attempt_at) WHERE state IN ('pending', 'sending');
CREATE INDEX mailing_recipients_failed ON mailing_recipients (mailing_id) WHERE state = 'failed';

-- Telegram allows a bot 30 messages a second. Every instance reserves send slots here, so the
-- pace holds across instances: the next free slot of each bot.
CREATE TABLE telegram_send_pace (
  bot_id        bigint PRIMARY KEY,
  next_slot_at  timestamptz NOT NULL
);
