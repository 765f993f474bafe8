-- `points.changed` for every ledger row, whichever function wrote it (add_points, move_points,
-- cancel_receipt, expiry, releases); see webhook_receipts_inserted.sql for the scheme. The ledger
-- has no seller column: the action's row names it. Skipped in a check's award for a seller with no
-- enabled endpoint, like the receipts' trigger.
CREATE OR REPLACE FUNCTION webhook_points_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (endpoint_id, user_id, type, subject, created_at)
  SELECT e.id, e.user_id, 'points.changed', i.id, i.created_at
    FROM inserted i
    JOIN projects p ON p.id = i.project_id
    JOIN webhook_endpoints e ON e.user_id = p.user_id AND e.enabled AND 'points.changed' = ANY (e.events)
                            AND (e.project_id IS NULL OR e.project_id = i.project_id)
   ORDER BY i.id, e.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER webhook_points_changed
  AFTER INSERT ON points_ledger REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT WHEN (current_setting('scanapp.seller_without_webhooks', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION webhook_points_changed();
