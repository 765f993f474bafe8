-- Expiry takes a batch of lots in a few statements (functions/expire_lots.sql); the function of
-- one lot had no other caller.
DROP FUNCTION IF EXISTS expire_lot(bigint, timestamptz, text);
