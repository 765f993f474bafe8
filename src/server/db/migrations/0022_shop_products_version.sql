-- The buyers' products list is cached per shop (docs/decisions.md, "The public products list is
-- cached by version"). Every instance checks its cached answer against this counter, read with the
-- shop's token in one indexed query, so a change made through any instance is seen at once by all.
-- The trigger bumps it in the transaction of every product change (create, edit, hide, picture,
-- reorder, delete), whoever writes the row. The action's name is compared by the read itself.

ALTER TABLE shop_settings ADD COLUMN products_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION shop_products_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shop_settings SET products_version = products_version + 1
   WHERE project_id IN (SELECT DISTINCT project_id FROM changed);
  RETURN NULL;
END $$;

-- A transition table takes one event per trigger, hence three triggers on one function.
CREATE TRIGGER shop_products_inserted AFTER INSERT ON shop_products REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION shop_products_changed();
CREATE TRIGGER shop_products_updated AFTER UPDATE ON shop_products REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION shop_products_changed();
CREATE TRIGGER shop_products_deleted AFTER DELETE ON shop_products REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION shop_products_changed();
