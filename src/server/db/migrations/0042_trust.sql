-- A seller can trust every point to be a real purchase that stays bought (docs/decisions.md,
-- "Trust: holds, caps, cancels and blocks").

-- The action's guards: points held for the marketplaces' return window (0: none), a weekly cap
-- of receipts per shopper and a cap of points per receipt (NULL: none), the receipts per hour
-- that flag a shopper as suspicious, and the sixth editable answer (a receipt over the cap).
ALTER TABLE projects
  ADD COLUMN points_hold_days integer NOT NULL DEFAULT 0 CHECK (points_hold_days BETWEEN 0 AND 60),
  ADD COLUMN max_receipts_per_week integer CHECK (max_receipts_per_week > 0),
  ADD COLUMN max_points_per_receipt integer CHECK (max_points_per_receipt > 0),
  ADD COLUMN suspicious_receipts_per_hour integer NOT NULL DEFAULT 5 CHECK (suspicious_receipts_per_hour > 0),
  ADD COLUMN command_limit_reached text;

-- Held points live in the one ledger: a row moves `delta` available points and `held_delta` held
-- ones, so the ledger's sum is held + available. A held credit moves only held points, its
-- release moves them from held to available, a cancel takes from both.
ALTER TABLE buyer_points ADD COLUMN held integer NOT NULL DEFAULT 0 CHECK (held >= 0);
ALTER TABLE points_ledger ADD COLUMN held_delta integer NOT NULL DEFAULT 0;
ALTER TABLE points_ledger
  DROP CONSTRAINT points_ledger_delta_check,
  ADD CONSTRAINT points_ledger_moves CHECK (delta <> 0 OR held_delta <> 0),
  DROP CONSTRAINT points_ledger_kind,
  ADD CONSTRAINT points_ledger_kind CHECK (kind IN ('receipt', 'order', 'order_refund', 'manual', 'expiry', 'referral', 'birthday',
    'survey', 'quiz', 'draw_prize', 'review', 'photo', 'daily_bonus', 'release', 'cancel'));

-- What is left held of each held credit, and when it becomes available. `remaining` only falls
-- (released, or taken back by a cancel), as a lot's does.
CREATE TABLE points_holds (
  ledger_id        bigint PRIMARY KEY REFERENCES points_ledger (id),
  project_id       integer NOT NULL REFERENCES projects (id),
  buyer_tg_id      text NOT NULL,
  receipt_id       bigint NOT NULL,
  release_at       timestamptz NOT NULL,
  remaining        integer NOT NULL CHECK (remaining >= 0),
  -- The receipt's counted purchase: a shopper's level counts it from the release.
  counted_kopecks  bigint NOT NULL DEFAULT 0
);
-- The release job reads the due holds over all actions; a cancel finds its receipt's hold.
CREATE INDEX points_holds_due ON points_holds (release_at) WHERE remaining > 0;
CREATE INDEX points_holds_buyer ON points_holds (project_id, buyer_tg_id, release_at) WHERE remaining > 0;
CREATE UNIQUE INDEX points_holds_receipt ON points_holds (receipt_id);

-- Purchases still held do not lift a shopper's level yet.
ALTER TABLE buyer_stats ADD COLUMN held_kopecks bigint NOT NULL DEFAULT 0;

-- A receipt whose points the seller took back (a return): its verdict stays the check's, the
-- history shows it as cancelled with the reason, who did it and the points taken back.
ALTER TABLE receipts
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancelled_by integer,
  ADD COLUMN cancel_reason text,
  ADD COLUMN points_cancelled integer;

-- Shoppers a seller blocked in an action: their receipts are refused before the tax lookup and
-- the shop refuses their exchanges.
CREATE TABLE buyer_blocks (
  project_id   integer NOT NULL REFERENCES projects (id),
  buyer_tg_id  text NOT NULL,
  reason       text NOT NULL,
  blocked_by   integer NOT NULL REFERENCES users (id),
  blocked_at   timestamptz NOT NULL,
  PRIMARY KEY (project_id, buyer_tg_id)
);
