-- Automatic renewal (docs/decisions.md, "Actions and subscriptions"): an action whose `auto_renew`
-- is on renews from the balance on its end date, as a manual renewal does. Actions made before keep
-- their old behaviour (off); the API and the cabinet turn it on for new ones. `renewal_warned_for`
-- is the end date the seller was told the balance will not cover, so the warning goes once a period.
ALTER TABLE projects
  ADD COLUMN auto_renew boolean NOT NULL DEFAULT false,
  ADD COLUMN renewal_warned_for timestamptz;
