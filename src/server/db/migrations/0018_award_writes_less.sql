-- The check no longer writes rows it does not need to (docs/decisions.md, "The check writes
-- only what it must"). Measured per check under 10 parallel checks of one seller on PostgreSQL
-- (pg_stat_statements, nested): the action's counter update 0.048 ms, the tier price's own
-- PL/pgSQL call 0.037 ms around its 0.013 ms query, two statement triggers where one does.
--
-- * An action's successful receipts are already counted in buyer_summaries (seller, action) by
--   the same award; projects.receipts_count, a second copy in a wide row every check rewrote,
--   goes, and the actions read the summary.
-- * The tier price is computed in the award itself.
-- * One AFTER INSERT statement trigger keeps the receipt counters and queues the analytics.
-- * buyer_stats_action_by_buyer goes: its only query filters the seller too, which the
--   primary key (user_id, project_id, buyer_tg_id) serves; one index entry less per check.

ALTER TABLE projects DROP COLUMN receipts_count;
DROP INDEX buyer_stats_action_by_buyer;

-- One AFTER INSERT statement trigger, receipts_after_insert (src/server/db/functions/), keeps the
-- counters and queues the analytics. A database migrated to 0017 before the functions had their
-- own files still has the two triggers it replaces and 0014's separate tier price, which go here.
DROP TRIGGER IF EXISTS receipts_count_inserted ON receipts;
DROP FUNCTION IF EXISTS receipt_counts_after_insert();
DROP TRIGGER IF EXISTS receipts_analytics ON receipts;
DROP FUNCTION IF EXISTS analytics_queue_receipts();
DROP FUNCTION IF EXISTS receipt_price_kopecks(bigint, jsonb);
