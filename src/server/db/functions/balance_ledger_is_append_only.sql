-- The balance and points ledgers are append-only: a correction is a new row, never an edit.
-- Statement-level triggers, so even an UPDATE or DELETE that matches no row is refused.
--
-- A trigger lives in its function's file (CREATE OR REPLACE TRIGGER): functions are applied
-- after the migrations, when every table exists, so no migration has to wait for a function.
CREATE OR REPLACE FUNCTION balance_ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'balance_ledger is append-only';
END;
$$;

CREATE OR REPLACE TRIGGER balance_ledger_no_update_or_delete
  BEFORE UPDATE OR DELETE OR TRUNCATE ON balance_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION balance_ledger_is_append_only();

CREATE OR REPLACE TRIGGER points_ledger_no_update_or_delete
  BEFORE UPDATE OR DELETE OR TRUNCATE ON points_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION balance_ledger_is_append_only();
