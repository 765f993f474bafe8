-- Shop stock (docs/decisions.md, "Shop stock"): a product's quantity left, NULL for unlimited.
-- An exchange takes one under the product's row lock and a cancel gives it back, so it never
-- goes below zero whatever runs at once.
ALTER TABLE shop_products
  ADD COLUMN quantity integer CHECK (quantity IS NULL OR quantity >= 0);

-- The daily bonus's wheel of fortune (docs/decisions.md, "The wheel of fortune"): the day's claim
-- keeps the sector the server drew (its place on the wheel and its label at that moment), so a
-- reload shows where the wheel stopped even after the seller edits it, and a promo-code sector
-- keeps the code it took from the action's pool.
ALTER TABLE daily_bonus_claims
  ADD COLUMN sector integer CHECK (sector >= 0),
  ADD COLUMN sector_label text,
  ADD COLUMN promo_code_id bigint REFERENCES promo_codes (id),
  ADD CONSTRAINT daily_bonus_claims_sector_labelled CHECK ((sector IS NULL) = (sector_label IS NULL));

-- A product guide's PDF or video (docs/decisions.md, "Guide files"): uploaded by the seller and
-- kept here (checked by content: a PDF starts with %PDF-, a video is MP4), or a link. The bot
-- sends it after the guide's text with sendDocument/sendVideo; the notice carries what to send.
CREATE TABLE guide_files (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id),
  kind        text NOT NULL CHECK (kind IN ('pdf', 'video')),
  file_name   text NOT NULL,
  byte_size   integer NOT NULL CHECK (byte_size > 0),
  data        bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guide_files_user ON guide_files (user_id, created_at);

ALTER TABLE product_rules ADD COLUMN attachment jsonb;
ALTER TABLE buyer_notices ADD COLUMN attachment jsonb;
