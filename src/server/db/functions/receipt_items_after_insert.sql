-- The action's item names and who bought them (action_item_names, buyer_item_names), which the
-- segment «купил товар, содержащий …» reads: the counted items of successful receipts, from every
-- writer of items, in the writer's transaction. The award writes its own (award_receipt.sql): it
-- has the receipt's action, buyer and items in hand, and skips this trigger by the setting it
-- holds around its inserts (a WHEN is tested before the function is called at all).
-- Statement-level: a bulk INSERT … SELECT records each name and each shopper's name once. A name
-- known already costs one index probe; the rows are taken in one order, so two checks adding the
-- same new names wait for each other instead of deadlocking.
--
-- Each item reaches its receipt by the primary key alone: the look-up is kept apart by OFFSET 0
-- (no join order to choose) and names only the id (the success-only partial index, whose
-- predicate a status test would match, is no candidate). Joined plainly, the plan cached for the trigger was made
-- while the transition table and a young receipts table each looked like one row, and it walked
-- every successful receipt in the database for each check: the check's rate fell tenfold within
-- a minute of load (docs/benchmarks.md, receipts, fourteenth session).
CREATE OR REPLACE FUNCTION receipt_items_after_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO action_item_names (project_id, name)
  SELECT DISTINCT r.project_id, i.name
    FROM inserted i
   CROSS JOIN LATERAL (SELECT r.project_id, r.status FROM receipts r WHERE r.id = i.receipt_id OFFSET 0) r
   WHERE i.status = 'counted' AND r.status = 'success' AND r.project_id IS NOT NULL
   ORDER BY 1, 2
  ON CONFLICT (project_id, md5(name)) DO NOTHING;
  INSERT INTO buyer_item_names (name_id, buyer_tg_id)
  SELECT DISTINCT n.id, r.buyer_tg_id
    FROM inserted i
   CROSS JOIN LATERAL (SELECT r.project_id, r.buyer_tg_id, r.status FROM receipts r WHERE r.id = i.receipt_id OFFSET 0) r
    JOIN action_item_names n ON n.project_id = r.project_id AND md5(n.name) = md5(i.name)
   WHERE i.status = 'counted' AND r.status = 'success'
   ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER receipt_items_after_insert
  AFTER INSERT ON receipt_items REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT
  WHEN (current_setting('scanapp.receipt_counted_by_award', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION receipt_items_after_insert();
