-- What a seller found trying the bot's functions end to end (docs/decisions.md, "Bot functions"):
-- a survey the seller closes leaves the bot's menu while its runs, answers and CSV stay; a question
-- of «Вопросы и ответы» carries keywords a typed question is matched by.
ALTER TABLE surveys ADD COLUMN closed_at timestamptz;
ALTER TABLE faq_items ADD COLUMN keywords text[] NOT NULL DEFAULT '{}';
-- The seller's order of the bot's menu buttons: their callback data, first to last (empty: the
-- module list's order); buttons not named follow in that order.
ALTER TABLE projects ADD COLUMN bot_menu_order text[] NOT NULL DEFAULT '{}';
