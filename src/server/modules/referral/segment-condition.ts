import { sql } from 'drizzle-orm';
import type { SegmentCondition } from '../../platform/manifest.js';

/** «Пригласил друзей»: at least this many of the shopper's invitations were rewarded. */
export const referralSegmentCondition: SegmentCondition = {
  async predicates({ projectId }, { invited_min: invited }) {
    if (invited === undefined) return [];
    return [
      sql`(SELECT count(*) FROM referral_invitations ri
        WHERE ri.project_id = ${projectId}::int AND ri.inviter_tg_id = shopper.buyer_tg_id AND ri.status = 'rewarded') >= ${invited}::int`,
    ];
  },
};
