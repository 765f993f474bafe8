-- One value sealed under the key of the database's first start (src/server/secrets/at-rest.ts):
-- a start with another SECRETS_KEY is refused even before any seller has saved a token, so two
-- instances started with different keys on one new database cannot both run and then fail to
-- read each other's tokens. One row; `secrets:rotate` seals it again under the new key.
CREATE TABLE secrets_key_check (
  id smallint PRIMARY KEY CHECK (id = 1),
  sealed text NOT NULL
);
