-- The operator rebuild counts every receipt, queued ones included: it empties the queue first,
-- once a catch-up in progress has finished (the rebuild's caller locks receipts against writes).
CREATE OR REPLACE FUNCTION analytics_discard_queue() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(2, 0);
  DELETE FROM analytics_pending;
END $$;
