-- Password reset and e-mail change links, and the outbox of account mails.

-- A link's token is 32 random bytes; only its SHA-256 is stored, like sessions', so a database
-- leak yields no usable link. A link works once (used_at) and until expires_at.
CREATE TABLE account_tokens (
  token_hash  text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('password_reset', 'email_change')),
  -- The address an e-mail change switches to once confirmed.
  new_email   text CHECK ((purpose = 'email_change') = (new_email IS NOT NULL) AND new_email = lower(new_email)),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);

-- Mails are written in the transaction of what they tell about and sent by a job that retries
-- with doubling waits, so a mail server that is down loses nothing. A sent mail's bodies are
-- blanked: they hold a live link.
CREATE TABLE mail_outbox (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recipient        text NOT NULL,
  subject          text NOT NULL,
  text_body        text NOT NULL,
  html_body        text NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'pending';
