-- The analytics day of an instant: its calendar date in Moscow time.
CREATE OR REPLACE FUNCTION analytics_day(at timestamptz) RETURNS date
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT (at AT TIME ZONE 'Europe/Moscow')::date $$;
