-- `support.message`: every message of a support conversation, the shopper's and the seller's
-- replies, whichever code wrote it. A photo is named (`has_image`), never sent: the cabinet shows
-- it to the signed-in seller only.
CREATE OR REPLACE FUNCTION webhook_support_message() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  thread record;
BEGIN
  SELECT t.project_id, t.buyer_tg_id, p.user_id INTO thread
    FROM support_threads t JOIN projects p ON p.id = t.project_id
   WHERE t.id = NEW.thread_id;
  IF FOUND THEN
    PERFORM queue_webhook_event(thread.user_id, thread.project_id, 'support.message',
      jsonb_build_object(
        'id', NEW.id,
        'thread_id', NEW.thread_id,
        'project_id', thread.project_id,
        'buyer_tg_id', thread.buyer_tg_id,
        'author', NEW.author,
        'text', NEW.text,
        'has_image', NEW.image IS NOT NULL,
        'created_at', NEW.created_at),
      NEW.created_at);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER webhook_support_message
  AFTER INSERT ON support_messages
  FOR EACH ROW EXECUTE FUNCTION webhook_support_message();
