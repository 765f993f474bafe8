-- Scheduled and regular mailings. A schedule keeps what to send and to whom; at each
-- due time the schedule job turns it into an ordinary mailing (with its own recipients and
-- figures) linked back here. The run is claimed by moving next_run_at in the same transaction
-- that writes the mailing, and (schedule_id, run_at) is unique: a run happens once, whatever the
-- number of instances or restarts.

CREATE TABLE mailing_schedules (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id),
  -- As on mailings: the mailing bot's token, or the action whose bot sends (read at each run).
  bot_token     text,
  project_id    integer REFERENCES projects (id),
  text          text NOT NULL,
  parse_mode    text CHECK (parse_mode IN ('HTML', 'MarkdownV2')),
  image_url     text,
  -- { text, url } or { text, shop: true }; the shop's address is read at each run.
  button        jsonb,
  -- The ids as given: every run sends to them, and to the segment's shoppers of that moment.
  chat_ids      bigint[] NOT NULL,
  -- No foreign key: a segment deleted later leaves the runs the ids given (or nothing to run).
  segment_id    bigint,
  repeat        text CHECK (repeat IN ('weekly', 'monthly')),
  -- The first run: a monthly mailing keeps its day of the month (Moscow) from it.
  first_run_at  timestamptz NOT NULL,
  -- Null once nothing is left to run (a one-off that ran, or a cancelled one).
  next_run_at   timestamptz,
  runs          integer NOT NULL DEFAULT 0 CHECK (runs >= 0),
  status        text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'done', 'cancelled')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  cancelled_at  timestamptz,
  CHECK ((project_id IS NULL) <> (bot_token IS NULL)),
  CHECK (cardinality(chat_ids) > 0 OR segment_id IS NOT NULL),
  CHECK (segment_id IS NULL OR project_id IS NOT NULL),
  CHECK ((status = 'scheduled') = (next_run_at IS NOT NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);
CREATE INDEX mailing_schedules_by_seller ON mailing_schedules (user_id, id DESC);
-- The schedule job's "which runs are due".
CREATE INDEX mailing_schedules_due ON mailing_schedules (next_run_at) WHERE status = 'scheduled';

-- A mailing made by a schedule's run, and the one inline button a mailing may carry
-- ({ text, url } or { text, web_app_url }, resolved when the mailing was written).
ALTER TABLE mailings ADD COLUMN schedule_id bigint REFERENCES mailing_schedules (id);
ALTER TABLE mailings ADD COLUMN run_at timestamptz;
ALTER TABLE mailings ADD COLUMN button jsonb;
ALTER TABLE mailings ADD CONSTRAINT mailings_run_of_schedule CHECK ((schedule_id IS NULL) = (run_at IS NULL));
CREATE UNIQUE INDEX mailings_one_per_run ON mailings (schedule_id, run_at) WHERE schedule_id IS NOT NULL;
