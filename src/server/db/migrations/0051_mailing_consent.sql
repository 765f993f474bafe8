-- Advertising mailings need the recipient's consent (38-ФЗ «О рекламе», ст. 18). A shopper who
-- opts out (the mailing's button, /stop, or the link under a mailing bot's message) is never mailed
-- by this seller again until they opt back in from the bot's /menu: the seller is the advertiser,
-- so one opt-out covers all their actions' bots and their mailing bot. A receipt's own answers are
-- no advertising and still reach them.
CREATE TABLE mailing_opt_outs (
  user_id       integer NOT NULL REFERENCES users (id),
  buyer_tg_id   bigint NOT NULL,
  opted_out_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, buyer_tg_id)
);

-- An opted-out recipient is written with the mailing and closed at once (or before their send,
-- when they opt out while it goes on): counted, never sent.
ALTER TABLE mailing_recipients DROP CONSTRAINT mailing_recipients_state_check;
ALTER TABLE mailing_recipients ADD CONSTRAINT mailing_recipients_state_check
  CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'cancelled', 'opted_out'));
-- The first press of the mailing's link button by this recipient (the redirect counts it once).
ALTER TABLE mailing_recipients ADD COLUMN clicked_at timestamptz;

ALTER TABLE mailings ADD COLUMN opted_out integer NOT NULL DEFAULT 0 CHECK (opted_out >= 0);
ALTER TABLE mailings ADD COLUMN clicks integer NOT NULL DEFAULT 0 CHECK (clicks >= 0);
-- Signs each recipient's link (the button's redirect, the unsubscribe link): a link made up for
-- another recipient or mailing does not verify. Older mailings have none, and no counted links.
ALTER TABLE mailings ADD COLUMN link_key text;
ALTER TABLE mailings DROP CONSTRAINT mailings_check;
ALTER TABLE mailings ADD CONSTRAINT mailings_check CHECK (sent + failed + opted_out <= total);

-- The shopper's phone, shared with an action's bot by Telegram's request_contact button (their
-- own number only: a forwarded contact is refused). Offered once per action and shopper: the
-- offer is a buyer notice whose reference is unique, and it carries the button, which only the
-- action's own bot may send (the contact must come back to it).
CREATE TABLE buyer_phones (
  project_id   integer NOT NULL REFERENCES projects (id),
  buyer_tg_id  text NOT NULL,
  phone        text NOT NULL,
  shared_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, buyer_tg_id)
);
ALTER TABLE buyer_notices ADD COLUMN contact_button boolean NOT NULL DEFAULT false;
