-- Keeps referral_inviter_rewards (migration 0080): each inviter's rewarded invitations in an action,
-- and whether the inviter is known to be its shopper. An invitation is rewarded once
-- (modules/referral/service.ts, before the inviter's points are credited, so a first reward of
-- someone who never bought leaves `shopper` false until the next one: such a row is looked up at
-- every count, which is right, only slower). A row that stops being rewarded or is deleted is
-- uncounted too, so the count is right whatever writes the invitations. A counter brought to 0 is
-- removed under the row lock its decrement took, so a reward of the same inviter at that moment
-- waits and then counts into a new row.
CREATE OR REPLACE FUNCTION referral_inviter_rewards_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  left_rewarded integer;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'rewarded' THEN
    UPDATE referral_inviter_rewards SET rewarded = rewarded - 1
     WHERE project_id = OLD.project_id AND inviter_tg_id = OLD.inviter_tg_id
    RETURNING rewarded INTO left_rewarded;
    IF left_rewarded = 0 THEN
      DELETE FROM referral_inviter_rewards WHERE project_id = OLD.project_id AND inviter_tg_id = OLD.inviter_tg_id;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'rewarded' THEN
    INSERT INTO referral_inviter_rewards (project_id, inviter_tg_id, rewarded, shopper)
    VALUES (NEW.project_id, NEW.inviter_tg_id, 1,
            EXISTS (SELECT 1 FROM buyer_points WHERE project_id = NEW.project_id AND buyer_tg_id = NEW.inviter_tg_id)
            OR EXISTS (SELECT 1 FROM buyer_stats s JOIN projects a ON a.id = NEW.project_id
                        WHERE s.user_id = a.user_id AND s.project_id = NEW.project_id AND s.buyer_tg_id = NEW.inviter_tg_id))
    ON CONFLICT (project_id, inviter_tg_id) DO UPDATE
       SET rewarded = referral_inviter_rewards.rewarded + 1, shopper = referral_inviter_rewards.shopper OR EXCLUDED.shopper;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER referral_inviter_rewards_added
  AFTER INSERT ON referral_invitations
  FOR EACH ROW
  WHEN (NEW.status = 'rewarded')
  EXECUTE FUNCTION referral_inviter_rewards_changed();

CREATE OR REPLACE TRIGGER referral_inviter_rewards_moved
  AFTER UPDATE ON referral_invitations
  FOR EACH ROW
  WHEN ((OLD.status = 'rewarded' OR NEW.status = 'rewarded')
        AND (OLD.status, OLD.project_id, OLD.inviter_tg_id) IS DISTINCT FROM (NEW.status, NEW.project_id, NEW.inviter_tg_id))
  EXECUTE FUNCTION referral_inviter_rewards_changed();

CREATE OR REPLACE TRIGGER referral_inviter_rewards_removed
  AFTER DELETE ON referral_invitations
  FOR EACH ROW
  WHEN (OLD.status = 'rewarded')
  EXECUTE FUNCTION referral_inviter_rewards_changed();
