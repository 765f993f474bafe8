-- Counted items reach the top-products aggregate once per statement instead of once per row:
-- a receipt's items are one INSERT, so a check runs one upsert over its items (grouped by
-- product) instead of a receipt lookup and an upsert per item. Rows are upserted in name
-- order, so two checks of receipts with the same products lock them in the same order.
CREATE FUNCTION analytics_record_items() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_products AS product (user_id, project_id, day, name, items, quantity, sum_kopecks)
  SELECT r.user_id, r.project_id, analytics_day(coalesce(r.issued_at, r.scanned_at)), analytics_product_name(i.name),
         count(*), sum(i.quantity), sum(i.sum_kopecks)
    FROM inserted i
    JOIN receipts r ON r.id = i.receipt_id
   WHERE i.status = 'counted' AND r.status = 'success' AND r.project_id IS NOT NULL
   GROUP BY 1, 2, 3, 4
   ORDER BY 4
  ON CONFLICT (user_id, project_id, day, name) DO UPDATE SET
    items = product.items + EXCLUDED.items,
    quantity = product.quantity + EXCLUDED.quantity,
    sum_kopecks = product.sum_kopecks + EXCLUDED.sum_kopecks;
  RETURN NULL;
END $$;

DROP TRIGGER receipt_items_analytics ON receipt_items;
DROP FUNCTION analytics_record_item();
CREATE TRIGGER receipt_items_analytics
  AFTER INSERT ON receipt_items REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_record_items();
