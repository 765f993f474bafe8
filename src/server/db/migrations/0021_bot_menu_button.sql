-- The shoppers' bot offers the points shop as an inline Mini App button and as the chat's menu
-- button (a reply-keyboard Mini App opens without the shopper's identity in Telegram). A bot's
-- connection remembers which setup it got from Telegram (the update kinds it asked for: callback
-- queries came with the inline buttons) and which menu button address it set, so a connection made
-- by an older version, or a shop link that changed, is brought up to date once.
ALTER TABLE bot_connections ADD COLUMN setup_version integer NOT NULL DEFAULT 0;
ALTER TABLE bot_connections ADD COLUMN menu_url text;
