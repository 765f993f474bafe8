-- The bot as the brand's service desk: questions and answers, product guides and
-- electronic warranties of an action.

-- The action's questions and answers, in the seller's order. A PUT replaces the list, keeping the
-- row (and so the id in shoppers' old buttons) of every item it leaves unchanged.
CREATE TABLE faq_items (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects (id),
  position    integer NOT NULL CHECK (position >= 0),
  question    text NOT NULL CHECK (length(question) BETWEEN 1 AND 200),
  answer      text NOT NULL CHECK (length(answer) BETWEEN 1 AND 4096),
  link        text CHECK (link ~ '^https?://')
);
CREATE INDEX faq_items_of_action ON faq_items (project_id, position);

-- Product rules: an item whose name contains `match` (any case) gets the guide and/or the warranty.
CREATE TABLE product_rules (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects (id),
  position         integer NOT NULL CHECK (position >= 0),
  match            text NOT NULL CHECK (length(match) BETWEEN 2 AND 100),
  guide            text CHECK (length(guide) BETWEEN 1 AND 4096),
  warranty_months  integer CHECK (warranty_months BETWEEN 1 AND 120),
  CHECK (guide IS NOT NULL OR warranty_months IS NOT NULL)
);
CREATE INDEX product_rules_of_action ON product_rules (project_id, position);
-- Whether the action has any rule: every successful receipt asks, and the check reads the action's
-- row anyway, so an action without rules costs the check no statement of its own.
ALTER TABLE projects ADD COLUMN has_product_rules boolean NOT NULL DEFAULT false;

-- A warranty given for a receipt's item: written once (the rule may change or go later, the
-- warranty stays as given), one per item of a receipt.
CREATE TABLE warranties (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id     integer NOT NULL REFERENCES projects (id),
  receipt_id     bigint NOT NULL REFERENCES receipts (id),
  item_position  integer NOT NULL,
  buyer_tg_id    text NOT NULL,
  item_name      text NOT NULL,
  months         integer NOT NULL CHECK (months BETWEEN 1 AND 120),
  -- Moscow calendar days: the purchase (the receipt's date) and the last day covered.
  purchased_on   date NOT NULL,
  valid_until    date NOT NULL CHECK (valid_until > purchased_on),
  created_at     timestamptz NOT NULL,
  UNIQUE (receipt_id, item_position)
);
CREATE INDEX warranties_of_buyer ON warranties (project_id, buyer_tg_id, id DESC);
