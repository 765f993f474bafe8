-- Shop stock (docs/decisions.md, "Shop stock"): a product's quantity left, NULL for unlimited.
-- An exchange takes one under the product's row lock and a cancel gives it back, so it never
-- goes below zero whatever runs at once.
ALTER TABLE shop_products
  ADD COLUMN quantity integer CHECK (quantity IS NULL OR quantity >= 0);
