-- The segments count an action's shoppers by index-only scans of their statistics and balances,
-- which are as fast as the tables' visibility maps are current. Every award, release, expiry and
-- spending updates a row of each, and PostgreSQL's default waits for a fifth of a table to change
-- before vacuuming it: at a million shoppers a day's release of 20 000 holds left the map stale, and
-- the same counts read 205 687 rows from the heap instead of 40 017 (845 ms against 77 ms,
-- docs/benchmarks.md, "Scale"). A hundredth of the table (10 000 rows at a million) starts it here.
-- PGlite has no autovacuum: there these settings are kept and do nothing.
ALTER TABLE buyer_stats SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);
ALTER TABLE buyer_points SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);
