-- Points for reviews and for photos with the product: what a shopper sent the action's
-- bot waits here for the seller's verdict. The picture is kept in the row, re-encoded without its
-- metadata (a phone photo carries GPS), and served only to the action's seller; its SHA-256 is of
-- the bytes as sent, so the same picture twice in one action is refused by the unique index.
CREATE TABLE moderation_items (
  id            bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  project_id    integer NOT NULL REFERENCES projects (id),
  buyer_tg_id   text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('review', 'photo')),
  comment       text,
  image         bytea NOT NULL,
  image_type    text NOT NULL CHECK (image_type IN ('image/jpeg', 'image/png')),
  image_sha256  text NOT NULL,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason        text,
  points        integer,
  created_at    timestamptz NOT NULL,
  decided_at    timestamptz,
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (status <> 'rejected' OR reason IS NOT NULL),
  UNIQUE (project_id, image_sha256)
);

-- The queue of an action, pending first; a shopper's items of a kind when an approval counts them.
CREATE INDEX moderation_items_queue ON moderation_items (project_id, (status = 'pending') DESC, id DESC);
CREATE INDEX moderation_items_buyer ON moderation_items (project_id, buyer_tg_id, kind);
