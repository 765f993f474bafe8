-- Actions' API keys are kept as SHA-256 hashes (hex) with their last 4 characters, never whole,
-- so a copy of the database no longer sends receipts on a seller's behalf. The key is
-- 32 random bytes, so one unsalted hash is enough (docs/decisions.md). Sellers' bot tokens are
-- sealed by the app at start-up (src/server/secrets/), not here: SQL has no key.

ALTER TABLE projects ADD COLUMN api_key_hash text;
ALTER TABLE projects ADD COLUMN api_key_last4 text;
UPDATE projects SET api_key_hash = encode(sha256(convert_to(api_key, 'UTF8')), 'hex'), api_key_last4 = right(api_key, 4);
ALTER TABLE projects ALTER COLUMN api_key_hash SET NOT NULL;
ALTER TABLE projects ALTER COLUMN api_key_last4 SET NOT NULL;
CREATE UNIQUE INDEX projects_api_key_hash ON projects (api_key_hash);
DROP INDEX projects_api_key;
ALTER TABLE projects DROP COLUMN api_key;
