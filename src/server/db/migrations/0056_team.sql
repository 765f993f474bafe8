-- A seller's team (docs/decisions.md, "A team with roles"). The seller's own account is the
-- owner and has no row here: a row is a person invited into the seller's team, with the role
-- they act in. One person may be in several sellers' teams.
CREATE TABLE team_members (
  seller_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  member_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role       text NOT NULL CHECK (role IN ('manager', 'analyst')),
  joined_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (seller_id, member_id),
  CHECK (seller_id <> member_id)
);
CREATE INDEX team_members_member ON team_members (member_id);

-- An invitation by e-mail: the mail's link carries a token kept here only as its hash; it works
-- once, for 7 days, until the owner revokes it.
CREATE TABLE team_invitations (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  seller_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email        text NOT NULL,
  role         text NOT NULL CHECK (role IN ('manager', 'analyst')),
  token_hash   text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  accepted_at  timestamptz,
  accepted_by  integer REFERENCES users (id) ON DELETE SET NULL,
  revoked_at   timestamptz
);
CREATE INDEX team_invitations_seller ON team_invitations (seller_id, id DESC);

-- Every change made in the cabinet (or later by an API key), written in the change's own
-- transaction: who (the person and their name at the time, or a key), what, the values before
-- and after. Append-only: nothing updates or deletes a row but the seller's own removal.
CREATE TABLE audit_log (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  seller_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  actor_user_id  integer REFERENCES users (id) ON DELETE SET NULL,
  -- An API key's id (the keys' table comes with the API); no reference, so a deleted key keeps its entries.
  actor_api_key_id bigint,
  actor_name     text NOT NULL,
  action         text NOT NULL,
  subject        text NOT NULL,
  before         jsonb,
  after          jsonb,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((actor_user_id IS NULL) OR (actor_api_key_id IS NULL))
);
CREATE INDEX audit_log_seller ON audit_log (seller_id, id DESC);
