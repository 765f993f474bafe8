import { sql } from 'drizzle-orm';
import type { SegmentCondition } from '../../platform/manifest.js';

/**
 * «Пригласил друзей»: at least this many of the shopper's invitations were rewarded. Counted over
 * the action's rewarded invitations alone (index `referral_invitations_rewarded`, read without the table).
 */
export const referralSegmentCondition: SegmentCondition = {
  async matches({ projectId }, { invited_min: invited }) {
    if (invited === undefined) return [];
    return [
      {
        shoppers: sql`SELECT inviter_tg_id AS buyer_tg_id FROM referral_invitations
          WHERE project_id = ${projectId}::int AND status = 'rewarded'
          GROUP BY inviter_tg_id HAVING count(*) >= ${invited}::int`,
      },
    ];
  },
};
