-- The receipt history's «Отменён» filter, over every action and over one: a seller's cancelled
-- receipts are few among many, so each filter reads its own small index instead of the seller's
-- whole history. New receipts are never cancelled, so the check pays nothing for these.
CREATE INDEX receipts_seller_cancelled ON receipts (user_id, (-id)) WHERE cancelled_at IS NOT NULL;
CREATE INDEX receipts_project_cancelled ON receipts (project_id, (-id)) WHERE cancelled_at IS NOT NULL;
