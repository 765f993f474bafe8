-- The buyer notices' delivery claims the due notices in (next_attempt_at, id) order, the oldest due
-- first, from an index in that order: a claim reads its batch and stops. The claim sorted every due
-- notice by id before (≈ 150 ms a claim with 50 000 queued, once per 20 notices: docs/benchmarks.md,
-- "Scale"). The index on the due time alone served the watch's look for due rows and the next due
-- time, which this one serves as well.
DROP INDEX buyer_notices_due;
CREATE INDEX buyer_notices_due ON buyer_notices (next_attempt_at, id) WHERE status = 'pending';
-- An action with no bot at all has its due notices given up in one statement, read by action.
CREATE INDEX buyer_notices_pending_action ON buyer_notices (project_id, next_attempt_at) WHERE status = 'pending';

-- The expiry reminders walk the lots due a reminder in (expires_at, ledger_id) order from where the
-- previous batch stopped (a keyset), so a batch reads its own lots, not every lot due before them.
DROP INDEX points_lots_to_remind;
CREATE INDEX points_lots_to_remind ON points_lots (expires_at, ledger_id) WHERE remaining > 0 AND reminded_at IS NULL;
