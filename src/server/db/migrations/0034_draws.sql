-- Prize draws of an action's bot, provably fair (src/contract/draw-fairness.ts): the
-- seed is fixed at creation and only its SHA-256 (commitment) is shown until the draw closes; at
-- closing the tickets are frozen here with the list's SHA-256, the winners derived from both, and
-- the seed revealed.

CREATE TABLE draws (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id      integer NOT NULL REFERENCES projects (id),
  title           text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  winners_count   integer NOT NULL CHECK (winners_count BETWEEN 1 AND 100),
  -- Only receipts with an item whose name contains this (any case) make tickets; null: every receipt.
  item_contains   text CHECK (length(item_contains) BETWEEN 1 AND 100),
  -- Receipts scanned from created_at (inclusive) to the close (exclusive) make tickets; times of the demo clock.
  created_at      timestamptz NOT NULL,
  closes_at       timestamptz NOT NULL CHECK (closes_at > created_at),
  -- The end of the tickets' window: closes_at, or earlier when the seller closed it at once.
  closed_at       timestamptz,
  seed            text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  commitment      text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
  tickets_hash    text CHECK (tickets_hash ~ '^[0-9a-f]{64}$'),
  CHECK ((closed_at IS NULL) = (tickets_hash IS NULL))
);
CREATE INDEX draws_project ON draws (project_id, id DESC);
-- The closing job's "which draws are due".
CREATE INDEX draws_due ON draws (closes_at) WHERE closed_at IS NULL;

-- The frozen ticket list: one row per receipt, numbered 1.. in receipt order.
CREATE TABLE draw_tickets (
  draw_id      integer NOT NULL REFERENCES draws (id),
  ticket       integer NOT NULL CHECK (ticket > 0),
  receipt_id   bigint NOT NULL REFERENCES receipts (id),
  buyer_tg_id  text NOT NULL,
  -- The draw's number of the shopper (1.. in the order of their first ticket): published instead of who they are.
  shopper      integer NOT NULL CHECK (shopper > 0),
  PRIMARY KEY (draw_id, ticket),
  UNIQUE (draw_id, receipt_id)
);

CREATE TABLE draw_winners (
  draw_id         integer NOT NULL REFERENCES draws (id),
  place           integer NOT NULL CHECK (place > 0),
  ticket          integer NOT NULL,
  buyer_tg_id     text NOT NULL,
  handed_over_at  timestamptz,
  PRIMARY KEY (draw_id, place),
  UNIQUE (draw_id, ticket),
  -- Winners are distinct shoppers.
  UNIQUE (draw_id, buyer_tg_id),
  FOREIGN KEY (draw_id, ticket) REFERENCES draw_tickets (draw_id, ticket)
);
