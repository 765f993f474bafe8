-- The expiry reminders look for lots not yet reminded that expire within their action's window.
-- Through points_lots_buyer (ordered by action and shopper) each batch of the job walked every
-- unreminded lot of the service to find its 200: 0.1 s a batch at 60 000 lots, every ten minutes
-- even with nothing to remind, and in proportion to all lots at a million shoppers (docs/benchmarks.md,
-- "Scale"). Here a batch reads only the lots inside the widest window, and a reminded lot leaves the index.
CREATE INDEX points_lots_to_remind ON points_lots (expires_at) WHERE remaining > 0 AND reminded_at IS NULL;
