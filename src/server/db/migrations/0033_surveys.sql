-- Surveys and quizzes of the action's bot. The seller builds one (its questions are a
-- jsonb list: they are read and written whole, and never change once it is published); the bot
-- offers every published one as a menu button and asks one question at a time.
CREATE TABLE surveys (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id    integer NOT NULL REFERENCES projects (id),
  title         text NOT NULL CHECK (length(title) BETWEEN 1 AND 64),
  kind          text NOT NULL CHECK (kind IN ('survey', 'quiz')),
  -- A survey's points on completion; a quiz's per right answer.
  points        integer NOT NULL CHECK (points BETWEEN 0 AND 100000),
  -- [{ text, options: [text, ...] (none: a free-text answer), correct: index | null }]
  questions     jsonb NOT NULL CHECK (jsonb_typeof(questions) = 'array'),
  created_at    timestamptz NOT NULL,
  published_at  timestamptz
);
CREATE INDEX surveys_of_action ON surveys (project_id, id);

-- A shopper's run through a survey: started at the first press, completed once (the points are
-- paid in the same transaction, by a ledger reference unique per survey and shopper).
CREATE TABLE survey_runs (
  survey_id     bigint NOT NULL REFERENCES surveys (id),
  buyer_tg_id   text NOT NULL,
  started_at    timestamptz NOT NULL,
  completed_at  timestamptz,
  -- A quiz's right answers (null for a survey) and the points paid, once completed.
  score         integer,
  points        integer,
  PRIMARY KEY (survey_id, buyer_tg_id)
);

-- One answer per question and shopper: a redelivered press finds its answer there and changes nothing.
CREATE TABLE survey_answers (
  survey_id     bigint NOT NULL,
  buyer_tg_id   text NOT NULL,
  question      integer NOT NULL CHECK (question >= 0),
  -- The chosen option's index, or the free text (exactly one of them).
  option        integer CHECK (option >= 0),
  answer_text   text CHECK (length(answer_text) BETWEEN 1 AND 1000),
  answered_at   timestamptz NOT NULL,
  PRIMARY KEY (survey_id, buyer_tg_id, question),
  FOREIGN KEY (survey_id, buyer_tg_id) REFERENCES survey_runs (survey_id, buyer_tg_id),
  CHECK ((option IS NULL) <> (answer_text IS NULL))
);
