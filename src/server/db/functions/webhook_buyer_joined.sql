-- `buyer.joined`: a shopper's first successful receipt in an action (the row the award inserts in
-- buyer_stats, which the Buyers page lists), with the Buyers page's fields. An ON CONFLICT update
-- of a known shopper fires no INSERT trigger. Skipped in a check's award for a seller with no
-- enabled endpoint (award_receipt.sql).
CREATE OR REPLACE FUNCTION webhook_buyer_joined() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.user_id = NEW.user_id AND e.enabled AND 'buyer.joined' = ANY (e.events)) THEN
    PERFORM queue_webhook_event(NEW.user_id, NEW.project_id, 'buyer.joined',
      jsonb_build_object(
        'buyer_id', NEW.buyer_tg_id,
        'project_id', NEW.project_id,
        'successful_receipts_count', NEW.successful_receipts,
        'total_amount', NEW.total_kopecks / 100.0,
        'last_receipt_at', NEW.last_receipt_at,
        'first_name', (SELECT b.first_name FROM telegram_buyers b WHERE b.buyer_tg_id = NEW.buyer_tg_id),
        'username', (SELECT b.username FROM telegram_buyers b WHERE b.buyer_tg_id = NEW.buyer_tg_id)),
      NEW.last_receipt_at);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER webhook_buyer_joined
  AFTER INSERT ON buyer_stats
  FOR EACH ROW WHEN (current_setting('scanapp.seller_without_webhooks', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION webhook_buyer_joined();
