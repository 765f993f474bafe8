-- The support inbox: a shopper's conversation with the action's seller through the
-- action's bot. A shopper has at most one open thread per action (the partial unique index); what
-- they write joins it until the seller closes it, and the next message opens a new one. A photo
-- is kept in its message row re-encoded without metadata, like the moderation queue's pictures.
CREATE TABLE support_threads (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects (id),
  buyer_tg_id      text NOT NULL,
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  -- Who wrote last: an open thread whose last author is the shopper is unanswered.
  last_author      text NOT NULL CHECK (last_author IN ('shopper', 'seller')),
  created_at       timestamptz NOT NULL,
  last_message_at  timestamptz NOT NULL,
  closed_at        timestamptz,
  CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
CREATE UNIQUE INDEX support_threads_one_open ON support_threads (project_id, buyer_tg_id) WHERE status = 'open';
CREATE INDEX support_threads_activity ON support_threads (project_id, last_message_at DESC);

CREATE TABLE support_messages (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id   bigint NOT NULL REFERENCES support_threads (id),
  author      text NOT NULL CHECK (author IN ('shopper', 'seller')),
  text        text CHECK (length(text) BETWEEN 1 AND 4096),
  image       bytea,
  image_type  text CHECK (image_type IN ('image/jpeg', 'image/png')),
  -- The Telegram update a shopper's message came in: a redelivered update is not stored twice.
  update_id   bigint,
  created_at  timestamptz NOT NULL,
  CHECK (text IS NOT NULL OR image IS NOT NULL),
  CHECK ((image IS NULL) = (image_type IS NULL)),
  CHECK ((author = 'shopper') = (update_id IS NOT NULL)),
  UNIQUE (thread_id, update_id)
);
CREATE INDEX support_messages_thread ON support_messages (thread_id, id);
