-- The buyers' products list is cached per shop (docs/decisions.md, "The public products list is
-- cached by version"). Every instance checks its cached answer against this counter, read with the
-- shop's token in one indexed query, so a change made through any instance is seen at once by all.
-- The trigger (src/server/db/functions/shop_products_changed.sql) bumps it in the transaction of
-- every product change (create, edit, hide, picture, reorder, delete), whoever writes the row.
-- The action's name is compared by the read itself.

ALTER TABLE shop_settings ADD COLUMN products_version bigint NOT NULL DEFAULT 0;
