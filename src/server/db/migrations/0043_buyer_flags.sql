-- Suspicious shoppers (docs/decisions.md, "Trust: holds, caps, cancels and blocks"): the check
-- flags a shopper in an action, once per reason; the seller sees it on the buyer card and in the
-- Buyers list and decides. `flagged_at` is when the flag was first raised; `detail` says why in
-- the seller's words.
CREATE TABLE buyer_flags (
  project_id   integer NOT NULL REFERENCES projects (id),
  buyer_tg_id  text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('many_per_hour', 'others_receipts')),
  flagged_at   timestamptz NOT NULL,
  detail       text NOT NULL,
  PRIMARY KEY (project_id, buyer_tg_id, kind)
);

-- A blocked inviter's invitation earns nobody points.
ALTER TABLE referral_invitations
  DROP CONSTRAINT referral_invitations_refusal_check,
  ADD CONSTRAINT referral_invitations_refusal_check
    CHECK (refusal IN ('self', 'second_link', 'existing_shopper', 'monthly_cap', 'inviter_blocked'));
