-- The buyer card lists one buyer's receipts in one action, newest first, and asks
-- whether the action ever met the buyer: without this index both read the whole action's receipts.
CREATE INDEX receipts_action_buyer ON receipts (project_id, buyer_tg_id, id DESC);
