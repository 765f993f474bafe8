-- Signed webhooks (docs/decisions.md, "Signed webhooks"): a seller's endpoints and the outbox of
-- their deliveries. The secret is sealed like bot tokens (the signer needs it itself, so it
-- cannot be a hash). An endpoint failing for three days is turned off (`enabled`), its undelivered
-- rows kept for when the seller turns it on again.
CREATE TABLE webhook_endpoints (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id),
  -- One action's events only; NULL: every action of the seller.
  project_id    integer REFERENCES projects (id),
  url           text NOT NULL,
  events        text[] NOT NULL CHECK (cardinality(events) > 0),
  secret        text NOT NULL,
  enabled       boolean NOT NULL DEFAULT true,
  -- The first failure since the last success: three days of them turn the endpoint off.
  failing_since timestamptz,
  disabled_at   timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- The triggers that queue events look here on every receipt and ledger row: a seller without an
-- endpoint costs one index probe.
CREATE INDEX webhook_endpoints_by_seller ON webhook_endpoints (user_id) WHERE enabled;

-- One row per (event, endpoint). `data` is the event's object as the cabinet's API shows it; the
-- events the ledger and receipt triggers write name their row in `subject` instead, and the first
-- attempt presents it and keeps it in `data`, so every retry sends the same body.
CREATE TABLE webhook_deliveries (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint_id     bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  user_id         integer NOT NULL REFERENCES users (id),
  event_id        text NOT NULL DEFAULT ('msg_' || replace(gen_random_uuid()::text, '-', '')),
  type            text NOT NULL,
  subject         bigint,
  data            jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  response_status integer,
  last_attempt_at timestamptz,
  CHECK (data IS NOT NULL OR subject IS NOT NULL)
);
-- The head of each endpoint's queue (its oldest pending row) and the due rows the watch looks for.
CREATE INDEX webhook_deliveries_queue ON webhook_deliveries (endpoint_id, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_history ON webhook_deliveries (endpoint_id, id DESC);
