-- Birthdays and the daily bonus, two functions of the action's bot.

-- A shopper's birthday as they gave it to the action's bot: day and month only (no year, so no
-- age is kept). `given_at` is when it was given or last changed: a change is allowed a year
-- later, and the greeting needs the date known `min_days_known` days before.
CREATE TABLE buyer_birthdays (
  project_id   integer NOT NULL REFERENCES projects (id),
  buyer_tg_id  text NOT NULL,
  month        smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
  day          smallint NOT NULL CHECK (day BETWEEN 1 AND CASE WHEN month = 2 THEN 29 WHEN month IN (4, 6, 9, 11) THEN 30 ELSE 31 END),
  given_at     timestamptz NOT NULL,
  PRIMARY KEY (project_id, buyer_tg_id)
);
-- The daily greeting job looks up today's birthdays.
CREATE INDEX buyer_birthdays_date ON buyer_birthdays (month, day);

-- One greeting per shopper, action and year: the key is what makes it once-only, whichever
-- instance or rerun of the job gets there (the ledger row and the notice are written with it).
CREATE TABLE birthday_greetings (
  project_id   integer NOT NULL REFERENCES projects (id),
  buyer_tg_id  text NOT NULL,
  year         smallint NOT NULL,
  points       integer NOT NULL CHECK (points >= 0),
  greeted_at   timestamptz NOT NULL,
  PRIMARY KEY (project_id, buyer_tg_id, year)
);

-- One daily bonus per shopper, action and Moscow calendar day; `points` may be 0 when the
-- seller's range starts at 0 (then no ledger row is written, but the day is taken).
CREATE TABLE daily_bonus_claims (
  project_id   integer NOT NULL REFERENCES projects (id),
  buyer_tg_id  text NOT NULL,
  day          date NOT NULL,
  points       integer NOT NULL CHECK (points >= 0),
  claimed_at   timestamptz NOT NULL,
  PRIMARY KEY (project_id, buyer_tg_id, day)
);
-- The cabinet's results: an action's claims of a day or a month.
CREATE INDEX daily_bonus_claims_day ON daily_bonus_claims (project_id, day);
