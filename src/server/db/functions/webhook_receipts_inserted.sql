-- The webhook events of receipts and of the points ledger, queued by triggers in the transaction
-- that writes them (docs/decisions.md, "Signed webhooks"): every writer of a receipt (a check, a
-- refusal, the award's one statement) and every ledger row (receipts, orders, manual points,
-- expiry, releases, cancels, referrals, birthdays…) is covered without its code knowing. A row
-- per subscribed endpoint names its subject; the delivery presents it at the first attempt. A
-- seller with no endpoint costs one probe of webhook_endpoints_by_seller per statement, and nothing
-- at all in a check's award: the award probes once and sets `scanapp.seller_without_webhooks`
-- for its own statements, which the trigger's WHEN reads before calling any function
-- (award_receipt.sql).
CREATE OR REPLACE FUNCTION webhook_receipts_inserted() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (endpoint_id, user_id, type, subject, created_at)
  SELECT e.id, e.user_id, k.type, i.id, i.scanned_at
    FROM inserted i
   CROSS JOIN LATERAL (SELECT CASE WHEN i.status = 'success' THEN 'receipt.accepted' ELSE 'receipt.refused' END AS type) k
    JOIN webhook_endpoints e ON e.user_id = i.user_id AND e.enabled AND k.type = ANY (e.events)
                            AND (e.project_id IS NULL OR e.project_id = i.project_id)
   ORDER BY i.id, e.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER webhook_receipts_inserted
  AFTER INSERT ON receipts REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT WHEN (current_setting('scanapp.seller_without_webhooks', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION webhook_receipts_inserted();
