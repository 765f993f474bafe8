-- The referral programme of the action's bot («Пригласить друга»).

-- Each shopper's personal invitation code in an action: random, so a link cannot be guessed,
-- and kept, so the link the shopper shared keeps working.
CREATE TABLE referral_codes (
  project_id   integer NOT NULL REFERENCES projects (id),
  buyer_tg_id  text NOT NULL,
  code         text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (project_id, buyer_tg_id)
);

-- One row per `/start r_<code>` that named a known code: 'joined' (a new shopper came by the
-- link), then 'rewarded' at their first successful receipt, or 'refused' with the reason.
CREATE TABLE referral_invitations (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id     integer NOT NULL REFERENCES projects (id),
  inviter_tg_id  text NOT NULL,
  friend_tg_id   text NOT NULL,
  status         text NOT NULL CHECK (status IN ('joined', 'rewarded', 'refused')),
  refusal        text CHECK (refusal IN ('self', 'second_link', 'existing_shopper', 'monthly_cap')),
  -- The bot update that brought the link: a redelivered update records nothing new.
  source_update  text NOT NULL,
  joined_at      timestamptz NOT NULL,
  decided_at     timestamptz,
  receipt_id     bigint REFERENCES receipts (id),
  UNIQUE (project_id, friend_tg_id, source_update),
  CHECK ((status = 'refused') = (refusal IS NOT NULL)),
  CHECK ((status = 'joined') = (decided_at IS NULL))
);

-- The first link wins: a shopper has at most one invitation that was not refused, so two links
-- opened at once cannot both be counted.
CREATE UNIQUE INDEX referral_invitations_one_per_friend ON referral_invitations (project_id, friend_tg_id) WHERE status <> 'refused';
-- The monthly cap counts an inviter's rewarded invitations; the buyer card lists an inviter's.
CREATE INDEX referral_invitations_inviter ON referral_invitations (project_id, inviter_tg_id, decided_at);

-- "Did this person write to the action's bot before?" reads the stored updates by sender.
CREATE INDEX bot_updates_sender ON bot_updates (
  project_id, (coalesce(payload #>> '{message,from,id}', payload #>> '{callback_query,from,id}'))
);
