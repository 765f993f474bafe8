-- Queues a webhook event in the caller's transaction: a delivery per endpoint of the seller that
-- is on, subscribes to the type and is not narrowed to another action (docs/decisions.md, "Signed
-- webhooks"). The triggers of buyers, support messages and draws call it with the event's object
-- as the cabinet shows it, and so does the code of shop orders and surveys (modules/webhooks/
-- events.ts). Answers the deliveries written.
CREATE OR REPLACE FUNCTION queue_webhook_event(seller integer, action integer, event_type text, event_data jsonb, at timestamptz)
  RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  INSERT INTO webhook_deliveries (endpoint_id, user_id, type, data, created_at)
  SELECT e.id, e.user_id, event_type, event_data, at
    FROM webhook_endpoints e
   WHERE e.user_id = seller AND e.enabled AND event_type = ANY (e.events)
     AND (e.project_id IS NULL OR e.project_id = action)
   ORDER BY e.id;
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END $$;
