-- The buyers' products list is cached per shop (docs/decisions.md, "The public products list is
-- cached by version"): every product change (create, edit, hide, picture, reorder, delete), whoever
-- writes the row, bumps the shop's products_version in its transaction, so every instance sees it.
CREATE OR REPLACE FUNCTION shop_products_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shop_settings SET products_version = products_version + 1
   WHERE project_id IN (SELECT DISTINCT project_id FROM changed);
  RETURN NULL;
END $$;

-- A transition table takes one event per trigger, hence three triggers on one function.
CREATE OR REPLACE TRIGGER shop_products_inserted AFTER INSERT ON shop_products REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION shop_products_changed();
CREATE OR REPLACE TRIGGER shop_products_updated AFTER UPDATE ON shop_products REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION shop_products_changed();
CREATE OR REPLACE TRIGGER shop_products_deleted AFTER DELETE ON shop_products REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION shop_products_changed();
