-- The bot's engagement functions. Each function's settings live under its key in one
-- object per action (GET/PUT /lk/api/projects/{id}/features); a key that is absent means the
-- function's defaults, which are off.
ALTER TABLE projects ADD COLUMN bot_features jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(bot_features) = 'object');

-- What a function waits for from a shopper in the action's bot (a birthday typed as ДД.ММ, a
-- survey's free-text answer, a photo for moderation): one step per shopper and action, replaced
-- by the next function that asks; a QR code always goes to the receipt check instead.
CREATE TABLE bot_chat_steps (
  project_id   integer NOT NULL REFERENCES projects (id),
  buyer_tg_id  text NOT NULL,
  feature      text NOT NULL,
  step         jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at   timestamptz NOT NULL,
  PRIMARY KEY (project_id, buyer_tg_id)
);
