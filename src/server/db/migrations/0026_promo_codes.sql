-- Promo codes for the next purchase: a pool per action that the seller uploads or
-- generates; a successful receipt claims one free code for its shopper. A code goes to exactly
-- one shopper, ever: a claim locks the row it takes (FOR UPDATE SKIP LOCKED) and links it to the
-- receipt, and a receipt gets at most one code.

-- When a shopper gets a code: 'off' (never), 'every' (after every successful receipt) or
-- 'first' (after the shopper's first successful receipt in the action only).
ALTER TABLE projects ADD COLUMN promo_code_rule text NOT NULL DEFAULT 'off'
  CHECK (promo_code_rule IN ('off', 'every', 'first'));

CREATE TABLE promo_codes (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id         integer NOT NULL REFERENCES projects (id),
  code               text NOT NULL CHECK (length(code) BETWEEN 1 AND 64),
  created_at         timestamptz NOT NULL DEFAULT now(),
  issued_buyer_tg    text,
  issued_receipt_id  bigint UNIQUE REFERENCES receipts (id),
  issued_at          timestamptz,
  -- Claimed under the 'first' rule: the index below lets only one such code per shopper exist,
  -- which two parallel first receipts of one shopper cannot both pass (a NOT EXISTS could).
  once_per_buyer     boolean NOT NULL DEFAULT false,
  UNIQUE (project_id, code),
  CHECK ((issued_at IS NULL) = (issued_buyer_tg IS NULL))
);

-- The claim takes the lowest free code of the action.
CREATE INDEX promo_codes_free ON promo_codes (project_id, id) WHERE issued_at IS NULL;
-- The cabinet's list (newest first) and the 'first' rule's "has this shopper a code already".
CREATE INDEX promo_codes_issued ON promo_codes (project_id, issued_at DESC) WHERE issued_at IS NOT NULL;
CREATE INDEX promo_codes_buyer ON promo_codes (project_id, issued_buyer_tg) WHERE issued_buyer_tg IS NOT NULL;
CREATE UNIQUE INDEX promo_codes_once_per_buyer ON promo_codes (project_id, issued_buyer_tg) WHERE once_per_buyer;
