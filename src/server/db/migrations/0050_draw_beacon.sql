-- Prize draws that repeat, have a prize, and are drawn from the drand beacon (src/contract/draw-beacon.ts).
-- A new draw fixes at creation the first round of its drand chain after its closing time
-- (`beacon_round`, with the chain's hash, key, scheme and timing in `beacon_chain`); at closing
-- its tickets are frozen with their hash (`closed_at`, `tickets_hash`), and once that round is out
-- its randomness and signature are stored with the winners (`drawn_at`). Draws made before keep
-- their seed and commitment and are checked as they were: a draw has one or the other.
ALTER TABLE draws
  ALTER COLUMN seed DROP NOT NULL,
  ALTER COLUMN commitment DROP NOT NULL,
  ADD COLUMN repeat text CHECK (repeat IN ('weekly', 'monthly')),
  ADD COLUMN prize_text text CHECK (length(prize_text) BETWEEN 1 AND 200),
  ADD COLUMN prize_upload_id bigint REFERENCES uploads (id),
  ADD COLUMN beacon_chain jsonb,
  ADD COLUMN beacon_round bigint CHECK (beacon_round > 0),
  ADD COLUMN beacon_randomness text CHECK (beacon_randomness ~ '^[0-9a-f]{64}$'),
  ADD COLUMN beacon_signature text CHECK (beacon_signature ~ '^[0-9a-f]+$'),
  -- When the winners were drawn: with the seed at the closing; from the beacon once its round was out.
  ADD COLUMN drawn_at timestamptz,
  -- A repeating draw's next run, opened when this one closes: set once, so it opens once.
  ADD COLUMN next_draw_id integer REFERENCES draws (id),
  ADD CONSTRAINT draws_one_fairness CHECK (
    (seed IS NOT NULL AND commitment IS NOT NULL AND beacon_round IS NULL AND beacon_chain IS NULL)
    OR (seed IS NULL AND commitment IS NULL AND beacon_round IS NOT NULL AND beacon_chain IS NOT NULL)),
  ADD CONSTRAINT draws_beacon_whole CHECK ((beacon_randomness IS NULL) = (beacon_signature IS NULL)),
  ADD CONSTRAINT draws_drawn_after_close CHECK (drawn_at IS NULL OR closed_at IS NOT NULL),
  ADD CONSTRAINT draws_prize_picture_with_text CHECK (prize_upload_id IS NULL OR prize_text IS NOT NULL);

-- Draws closed before had their winners at the closing.
UPDATE draws SET drawn_at = closed_at WHERE closed_at IS NOT NULL;

-- The job's "which closed draws still wait for their round".
CREATE INDEX draws_awaiting_beacon ON draws (beacon_round) WHERE closed_at IS NOT NULL AND drawn_at IS NULL;
