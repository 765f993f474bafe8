-- Uploaded images kept in the database, so every instance serves every image without
-- a shared disk or a second system. One row per storage key: the re-encoded bytes, their type and
-- SHA-256 (the strong ETag). No foreign key to uploads: the image is stored before its uploads row,
-- and `uploads:migrate` copies images whose rows already exist.

CREATE TABLE upload_blobs (
  storage_key   text PRIMARY KEY,
  content_type  text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png')),
  byte_size     integer NOT NULL CHECK (byte_size > 0),
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  data          bytea NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
