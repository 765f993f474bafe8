-- A segment starts from the narrowest set of shoppers its conditions name (modules/segments/repository.ts)
-- instead of every shopper of the action. These are the sets' indexes, each read without its table:
-- a month's birthdays, a closed draw's ticket holders, and each inviter's rewarded invitations
-- (the count «пригласил не меньше N» groups; a rewarded invitation is written once, so the
-- partial index costs nothing on the way in). Measured in docs/benchmarks.md, "Scale".
CREATE INDEX buyer_birthdays_month ON buyer_birthdays (project_id, month, buyer_tg_id);
CREATE INDEX draw_tickets_buyer ON draw_tickets (draw_id, buyer_tg_id);
CREATE INDEX referral_invitations_rewarded ON referral_invitations (project_id, inviter_tg_id) WHERE status = 'rewarded';

-- «Купил товар, содержащий …» read every item of the action and normalised each name (≈ 80 s at
-- 10 M items). Now it matches the action's distinct item names (a few thousand at most) and reads
-- who bought the matching ones through an index. Kept by receipt_items_after_insert()
-- (functions/), filled here from the receipts so far. A name is unique by its hash: an item's name
-- has no length limit, an index entry has (2 704 bytes).
CREATE TABLE action_item_names (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects (id),
  name        text NOT NULL
);
CREATE UNIQUE INDEX action_item_names_name ON action_item_names (project_id, md5(name));

CREATE TABLE buyer_item_names (
  name_id      bigint NOT NULL REFERENCES action_item_names (id),
  buyer_tg_id  text NOT NULL,
  PRIMARY KEY (name_id, buyer_tg_id)
);

INSERT INTO action_item_names (project_id, name)
SELECT DISTINCT r.project_id, i.name
  FROM receipts r JOIN receipt_items i ON i.receipt_id = r.id
 WHERE r.project_id IS NOT NULL AND r.status = 'success' AND i.status = 'counted';
INSERT INTO buyer_item_names (name_id, buyer_tg_id)
SELECT DISTINCT n.id, r.buyer_tg_id
  FROM receipts r JOIN receipt_items i ON i.receipt_id = r.id
  JOIN action_item_names n ON n.project_id = r.project_id AND md5(n.name) = md5(i.name)
 WHERE r.status = 'success' AND i.status = 'counted';
