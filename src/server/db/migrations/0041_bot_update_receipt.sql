-- The receipt a bot update's check was awarded: an award is one autocommit statement,
-- and one in flight when its instance is killed still commits on the database's side, before the
-- bot has kept its answer. The survivor then checks the update again; award_receipt() reads this
-- column first and answers the update's earlier receipt instead of awarding it a second time.
-- No foreign key: a receipt may be deleted with its action long after its update was answered.
ALTER TABLE bot_updates ADD COLUMN receipt_id bigint;
