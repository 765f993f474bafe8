-- The hold release reads the day's holds in batches after the previous batch's last hold (release
-- time, then id). On the release time alone the index left every batch to read and sort all the
-- holds of that moment (20 000 at a million shoppers, all released at one time by the scale bench)
-- to find its 200; in this order a batch reads its own 200 entries (docs/benchmarks.md, "Scale").
DROP INDEX points_holds_due;
CREATE INDEX points_holds_due ON points_holds (release_at, ledger_id) WHERE remaining > 0;
