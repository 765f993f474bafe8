-- Keeps marketplace_sales_daily (migration 0064) equal to the sums of marketplace_sales per seller,
-- marketplace, day and product name, for «Окупаемость»: whatever writes the rows (a page of the
-- import, a row the marketplace changed later, an Ozon posting cancelled, a connection removed
-- with its rows) moves the sums in its own transaction. One statement at a time: a page of a
-- thousand rows is one upsert of its few days and products.
--
-- A trigger with transition tables fires on one event only, so each event has its trigger; they
-- share the upsert, the changed rows' source being the one part that differs.
CREATE OR REPLACE FUNCTION marketplace_sales_daily_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows'
  END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO marketplace_sales_daily AS daily (user_id, marketplace, moscow_day, name_key, product_name, sale_rows, sold, returned)
    SELECT user_id, marketplace, moscow_day, name_key, product_name, sum(sign),
           coalesce(sum(sign * units) FILTER (WHERE kind = 'sale'), 0), coalesce(sum(sign * units) FILTER (WHERE kind = 'return'), 0)
      FROM (%s) AS changed
     GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, marketplace, moscow_day, name_key, md5(product_name)) DO UPDATE SET
      sale_rows = daily.sale_rows + EXCLUDED.sale_rows,
      sold = daily.sold + EXCLUDED.sold,
      returned = daily.returned + EXCLUDED.returned
    $sql$, changed);
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($sql$
      DELETE FROM marketplace_sales_daily daily
       USING (SELECT DISTINCT user_id, marketplace, moscow_day, name_key, product_name FROM (%s) AS changed) AS touched
       WHERE daily.sale_rows = 0 AND daily.user_id = touched.user_id AND daily.marketplace = touched.marketplace
         AND daily.moscow_day = touched.moscow_day AND daily.name_key = touched.name_key AND daily.product_name = touched.product_name
      $sql$, changed);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER marketplace_sales_inserted
  AFTER INSERT ON marketplace_sales REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION marketplace_sales_daily_changed();

CREATE OR REPLACE TRIGGER marketplace_sales_updated
  AFTER UPDATE ON marketplace_sales REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION marketplace_sales_daily_changed();

CREATE OR REPLACE TRIGGER marketplace_sales_deleted
  AFTER DELETE ON marketplace_sales REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION marketplace_sales_daily_changed();
