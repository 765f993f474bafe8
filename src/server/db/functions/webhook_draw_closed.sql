-- `draw.closed`: a draw's winners are known (drawn_at is set once, by a seeded close or by the
-- beacon's round), with its winners by place; written after them in the same transaction.
CREATE OR REPLACE FUNCTION webhook_draw_closed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM queue_webhook_event(p.user_id, NEW.project_id, 'draw.closed',
    jsonb_build_object(
      'id', NEW.id,
      'project_id', NEW.project_id,
      'title', NEW.title,
      'prize_text', NEW.prize_text,
      'closed_at', NEW.closed_at,
      'drawn_at', NEW.drawn_at,
      'winners', coalesce((SELECT jsonb_agg(jsonb_build_object('place', w.place, 'ticket', w.ticket, 'buyer_tg_id', w.buyer_tg_id) ORDER BY w.place)
                             FROM draw_winners w WHERE w.draw_id = NEW.id), '[]'::jsonb)),
    NEW.drawn_at)
    FROM projects p WHERE p.id = NEW.project_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER webhook_draw_closed
  AFTER UPDATE OF drawn_at ON draws
  FOR EACH ROW WHEN (OLD.drawn_at IS NULL AND NEW.drawn_at IS NOT NULL)
  EXECUTE FUNCTION webhook_draw_closed();
