-- Points behave like a currency: every movement of a buyer's points is one ledger
-- row with its kind, who made it and, for points that expire, when they do. What is still
-- unspent of each expiring credit is its lot: spending takes the soonest-expiring lots first,
-- expiry writes a ledger row for exactly a lot's remainder. The ledger stays append-only.

-- The action's rules: points' lifetime in days (0 = never expire), the reminder before they do
-- (0 = none), the loyalty levels above the base one, and the percent from a shopper's second
-- receipt on (NULL = as the level).
ALTER TABLE projects
  ADD COLUMN points_lifetime_days integer NOT NULL DEFAULT 0 CHECK (points_lifetime_days BETWEEN 0 AND 3650),
  ADD COLUMN expiry_reminder_days integer NOT NULL DEFAULT 7 CHECK (expiry_reminder_days BETWEEN 0 AND 365),
  ADD COLUMN levels jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(levels) = 'array'),
  ADD COLUMN repeat_points_percentage numeric(5, 2) CHECK (repeat_points_percentage BETWEEN 0 AND 100);

-- Which rule a successful receipt earned by ('base', 'level', 'repeat') and at what percent:
-- the history and the answer say so. NULL on receipts from before and on refused ones.
ALTER TABLE receipts
  ADD COLUMN points_rule text CHECK (points_rule IN ('base', 'level', 'repeat')),
  ADD COLUMN points_percentage numeric(5, 2),
  ADD COLUMN points_level text;

ALTER TABLE points_ledger
  ADD COLUMN kind text NOT NULL DEFAULT 'receipt',
  ADD COLUMN actor text NOT NULL DEFAULT 'shopper',
  ADD COLUMN expires_at timestamptz;

-- The rows written before this migration get their kind from their reference. The ledger's
-- append-only trigger (when the database has it already) is off for exactly this statement.
ALTER TABLE points_ledger DISABLE TRIGGER USER;
UPDATE points_ledger SET kind = 'order' WHERE reference LIKE 'order:%';
UPDATE points_ledger SET kind = 'order_refund', actor = 'seller' WHERE reference LIKE 'order-refund:%';
UPDATE points_ledger SET reason = 'Чек №' || substr(reference, 9) WHERE reference LIKE 'receipt:%' AND reason LIKE 'receipt %';
ALTER TABLE points_ledger ENABLE TRIGGER USER;

ALTER TABLE points_ledger
  ALTER COLUMN kind DROP DEFAULT,
  ALTER COLUMN actor DROP DEFAULT,
  ADD CONSTRAINT points_ledger_kind CHECK (kind IN ('receipt', 'order', 'order_refund', 'manual', 'expiry', 'referral', 'birthday',
    'survey', 'quiz', 'draw_prize', 'review', 'photo', 'daily_bonus')),
  ADD CONSTRAINT points_ledger_actor CHECK (actor IN ('shopper', 'seller', 'system')),
  ADD CONSTRAINT points_ledger_expiry CHECK (expires_at IS NULL OR delta > 0);

-- The buyer card lists a buyer's rows newest first.
DROP INDEX points_ledger_buyer;
CREATE INDEX points_ledger_buyer ON points_ledger (project_id, buyer_tg_id, id);

-- What is left of each expiring credit. `remaining` only falls (spent, or expired to 0);
-- `reminded_at` is when the shopper was told it expires (once per lot).
CREATE TABLE points_lots (
  ledger_id    bigint PRIMARY KEY REFERENCES points_ledger (id),
  project_id   integer NOT NULL REFERENCES projects (id),
  buyer_tg_id  text NOT NULL,
  expires_at   timestamptz NOT NULL,
  remaining    integer NOT NULL CHECK (remaining >= 0),
  reminded_at  timestamptz
);
-- Spending and the buyer's nearest expiry read a buyer's live lots in expiry order.
CREATE INDEX points_lots_buyer ON points_lots (project_id, buyer_tg_id, expires_at) WHERE remaining > 0;
-- The expiry and reminder jobs read the live lots by date over all actions.
CREATE INDEX points_lots_due ON points_lots (expires_at) WHERE remaining > 0;

-- What an action's bot owes a shopper outside a conversation (expiry reminders, manual
-- adjustments): written in the transaction that caused it, delivered by the job queue with
-- retries. `reference` makes each notice once-only.
CREATE TABLE buyer_notices (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects (id),
  buyer_tg_id      text NOT NULL,
  text             text NOT NULL,
  shop_button      boolean NOT NULL DEFAULT false,
  reference        text NOT NULL UNIQUE,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz
);
CREATE INDEX buyer_notices_due ON buyer_notices (next_attempt_at) WHERE status = 'pending';

-- An exchange's message to the buyer was a shop notification; it is a buyer notice now (one
-- outbox for everything the bot tells a shopper outside a conversation). What was queued moves
-- over with its state; shop notifications keep only what is owed to PuzzleBot.
INSERT INTO buyer_notices (project_id, buyer_tg_id, text, shop_button, reference, status, attempts, next_attempt_at, last_error, created_at, sent_at)
SELECT (payload->>'projectId')::int, payload->>'chatId', payload->>'text', false, 'shop-notification:' || id, status, attempts,
       next_attempt_at, last_error, created_at, sent_at
  FROM shop_notifications WHERE kind = 'telegram_message';
DELETE FROM shop_notifications WHERE kind = 'telegram_message';
ALTER TABLE shop_notifications DROP CONSTRAINT shop_notifications_kind_check,
  ADD CONSTRAINT shop_notifications_kind_check CHECK (kind = 'puzzlebot_exchange');
