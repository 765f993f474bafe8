-- The seller is told by e-mail when their actions stop for lack of balance and when the balance
-- will last less than about three days of receipts (docs/decisions.md, "Status that tells the
-- truth"). One row per seller remembers which notice was sent in the current episode, so each is
-- sent once; the watch clears it when the balance recovers, and the next episode is told again.
CREATE TABLE balance_notices (
  user_id       integer PRIMARY KEY REFERENCES users (id),
  suspended_at  timestamptz,
  running_low_at timestamptz
);
