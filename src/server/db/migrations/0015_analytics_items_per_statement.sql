-- Counted items reached the top-products aggregate once per statement instead of once per row
-- (docs/decisions.md, "Receipts: prepayments and speed"); the analytics functions now live in
-- src/server/db/functions/. A database migrated to 0014 before they had their own files still has
-- 0008's per-row trigger, which goes here.
DROP TRIGGER IF EXISTS receipt_items_analytics ON receipt_items;
DROP FUNCTION IF EXISTS analytics_record_item();
