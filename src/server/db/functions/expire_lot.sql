-- The name the previous release's instances expire a lot by, one call per lot: expiry now takes a
-- batch (expire_lots.sql). During a rolling deploy the new instances' start applies the functions
-- while old ones may still run the expiry job: without this name their runs would fail until they
-- are replaced. Delete it in the release after this one.
CREATE OR REPLACE FUNCTION expire_lot(lot bigint, at timestamptz, reason text) RETURNS integer
  LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT e.expired FROM expire_lots(ARRAY[lot], ARRAY[reason], at, true) AS e);
END $$;
