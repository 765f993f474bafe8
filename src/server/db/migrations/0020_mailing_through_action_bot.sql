-- A mailing may go through an action's own bot: Telegram lets a bot write only to people who
-- started it, and shoppers wrote to the action's bot, not to the seller's mailing bot. Such a
-- mailing keeps no token of its own: every send reads the action's current token, so a bot
-- changed or removed on the action is what the rest of the mailing uses (or stops on).
ALTER TABLE mailings ADD COLUMN project_id integer REFERENCES projects (id);
ALTER TABLE mailings ALTER COLUMN bot_token DROP NOT NULL;
ALTER TABLE mailings ADD CONSTRAINT mailings_one_bot CHECK ((project_id IS NULL) <> (bot_token IS NULL));
