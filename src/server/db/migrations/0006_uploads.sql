-- Uploaded images (product and mailing pictures). The file lives in image storage under
-- storage_key; this row says whose it is and how to serve it. A file without a row is never
-- served, so a failure between writing the file and the row leaves nothing visible.

CREATE TABLE uploads (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id),
  storage_key   text NOT NULL UNIQUE,
  content_type  text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png')),
  byte_size     integer NOT NULL CHECK (byte_size > 0),
  width         integer NOT NULL CHECK (width > 0),
  height        integer NOT NULL CHECK (height > 0),
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- The per-seller hourly upload count.
CREATE INDEX uploads_seller_recent ON uploads (user_id, created_at DESC);
