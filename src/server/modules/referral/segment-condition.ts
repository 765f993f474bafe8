import { sql } from 'drizzle-orm';
import type { SegmentCondition } from '../../platform/manifest.js';

/**
 * «Пригласил друзей»: at least this many of the shopper's invitations were rewarded. Read from each
 * inviter's kept count (`referral_inviter_rewards`, migration 0080) as a range of its index
 * `referral_inviter_rewards_at_least`: the inviters who match, not every rewarded invitation. How
 * many of them are the action's shoppers: those known to be (`shopper`, in the index), and the
 * others looked up, few (an inviter who never bought, at their first reward). `OFFSET 0` keeps each
 * lookup one by key: as a hashed subplan the planner would hash every shopper's statistics for them.
 */
export const referralSegmentCondition: SegmentCondition = {
  async matches({ sellerId, projectId }, { invited_min: invited }) {
    if (invited === undefined) return [];
    const atLeast = sql`FROM referral_inviter_rewards k WHERE k.project_id = ${projectId}::int AND k.rewarded >= ${invited}::int`;
    return [
      {
        shoppers: sql`SELECT k.inviter_tg_id AS buyer_tg_id ${atLeast}`,
        size: sql`SELECT count(*) ${atLeast}
          AND (k.shopper
               OR EXISTS (SELECT 1 FROM buyer_stats s
                           WHERE s.user_id = ${sellerId}::int AND s.project_id = k.project_id AND s.buyer_tg_id = k.inviter_tg_id OFFSET 0)
               OR EXISTS (SELECT 1 FROM buyer_points p WHERE p.project_id = k.project_id AND p.buyer_tg_id = k.inviter_tg_id OFFSET 0))`,
      },
    ];
  },
};
