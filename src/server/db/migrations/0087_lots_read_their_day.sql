-- The expiry reads a day's lots in batches after the previous batch's last lot (expiry time, then
-- id), as the hold release reads its holds (0081). On the expiry time alone the index left every
-- batch to read all the lots of that moment and sort them to find its 200: at a million shoppers
-- the 100 000 lots of one day, all expiring at one time, took 90–95 ms a batch and 37–46 s in all
-- (docs/benchmarks.md, "Scale"), the time growing with the square of a day's lots. In this order a
-- batch reads its own 200 entries.
DROP INDEX points_lots_due;
CREATE INDEX points_lots_due ON points_lots (expires_at, ledger_id) WHERE remaining > 0;
