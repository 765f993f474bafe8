-- Segments: a seller's saved group of one action's shoppers. The conditions are a
-- jsonb object read and written whole; who matches is computed at each read from them, so a
-- segment is always current and stores no list of shoppers.
CREATE TABLE segments (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects (id),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  conditions  jsonb NOT NULL CHECK (jsonb_typeof(conditions) = 'object'),
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX segments_of_action ON segments (project_id, id);
