-- «Пригласил друзей не меньше N» grouped the action's rewarded invitations by inviter and looked
-- each inviter up among the action's shoppers at every count: ≈ 300 000 invitations and 100 000
-- lookups at a million shoppers, ≈ 1 s (docs/benchmarks.md, "Scale"). Each inviter's rewarded
-- invitations are counted here instead, so «at least N» is a range of referral_inviter_rewards_at_least
-- read without the table, growing with the inviters who match. `shopper`: the inviter was found
-- to be the action's shopper (a purchase or a balance; neither is ever deleted, so it stays true),
-- so a count looks up only the others. Kept by triggers where an invitation becomes or stops
-- being rewarded (functions/referral_inviter_rewards_changed.sql); `admin verify` recounts it.
CREATE TABLE referral_inviter_rewards (
  project_id    integer NOT NULL,
  inviter_tg_id text NOT NULL,
  -- 0 only inside the trigger's statement that removes the row.
  rewarded      integer NOT NULL CHECK (rewarded >= 0),
  shopper       boolean NOT NULL,
  PRIMARY KEY (project_id, inviter_tg_id)
);
CREATE INDEX referral_inviter_rewards_at_least ON referral_inviter_rewards (project_id, rewarded, inviter_tg_id) INCLUDE (shopper);

INSERT INTO referral_inviter_rewards (project_id, inviter_tg_id, rewarded, shopper)
SELECT i.project_id, i.inviter_tg_id, count(*),
       EXISTS (SELECT 1 FROM buyer_points p WHERE p.project_id = i.project_id AND p.buyer_tg_id = i.inviter_tg_id)
       OR EXISTS (SELECT 1 FROM buyer_stats s JOIN projects a ON a.id = i.project_id
                   WHERE s.user_id = a.user_id AND s.project_id = i.project_id AND s.buyer_tg_id = i.inviter_tg_id)
  FROM referral_invitations i
 WHERE i.status = 'rewarded'
 GROUP BY i.project_id, i.inviter_tg_id;
