-- Seller API keys and the seller API's idempotent POSTs (docs/decisions.md, "The seller API").

-- A seller's keys, not an action's: only the key's SHA-256 is kept (256 random bits: nothing to
-- guess, so no salt or slow hash), with its start and last four characters for the cabinet. A
-- deleted key keeps its row (its name and dates stay readable for the audit), never its access.
CREATE TABLE api_keys (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id),
  name         text NOT NULL,
  scopes       text[] NOT NULL,
  key_hash     text NOT NULL UNIQUE,
  key_prefix   text NOT NULL,
  key_last4    text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  deleted_at   timestamptz
);
CREATE INDEX api_keys_seller ON api_keys (user_id, id) WHERE deleted_at IS NULL;

-- One row per (key, Idempotency-Key): inserted before the work, so of two requests at once only
-- one does it; the answer (status and body) is stored once it is known. `request_hash` tells a
-- replay from another request under the same key. Rows older than 24 hours are reused and swept.
CREATE TABLE api_idempotency (
  api_key_id      integer NOT NULL REFERENCES api_keys (id),
  idempotency_key text NOT NULL,
  request_hash    text NOT NULL,
  status          smallint,
  response        jsonb,
  created_at      timestamptz NOT NULL,
  PRIMARY KEY (api_key_id, idempotency_key)
);
CREATE INDEX api_idempotency_created ON api_idempotency (created_at);
