-- The operator's details shown on the public pages (legal name, requisites, contacts, video,
-- example projects): text settings, set by `npm run admin -- settings:set`. A row exists only
-- for a detail the operator has set; billing_settings keeps its numeric prices apart.
CREATE TABLE operator_settings (
  key         text PRIMARY KEY,
  value       text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
