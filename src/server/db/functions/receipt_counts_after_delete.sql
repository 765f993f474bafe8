-- Receipts in the history per (seller, action), project_id 0 for receipts without an action
-- (receipt_counts): a deletion takes its receipts off. receipts_after_insert() adds them.
-- Statement-level, so a bulk DELETE updates each counter once.
CREATE OR REPLACE FUNCTION receipt_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE receipt_counts c SET receipts = c.receipts - d.n
    FROM (SELECT user_id, coalesce(project_id, 0) AS project_id, count(*) AS n FROM deleted GROUP BY 1, 2) d
   WHERE c.user_id = d.user_id AND c.project_id = d.project_id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER receipts_count_deleted
  AFTER DELETE ON receipts REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION receipt_counts_after_delete();
