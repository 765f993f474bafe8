import type { Invariant } from '../../platform/manifest.js';

/** What must hold in the data: each inviter's kept count of rewarded invitations agrees with the invitations. */
export const referralInvariants: readonly Invariant[] = [
  {
    name: 'inviter_rewards_equal_invitations',
    description:
      'у каждого пригласившего записано ровно столько вознаграждённых приглашений, сколько их есть, и покупателем записан только покупатель акции',
    query: `
      SELECT format('акция %s, пригласивший %s: %s', coalesce(k.project_id, i.project_id), coalesce(k.inviter_tg_id, i.inviter_tg_id),
                    CASE WHEN k.rewarded IS DISTINCT FROM i.rewarded
                         THEN format('записано вознаграждённых приглашений %s, по приглашениям %s', coalesce(k.rewarded, 0), coalesce(i.rewarded, 0))
                         ELSE 'записан покупателем, но ни покупок, ни баллов в акции нет' END) AS detail
        FROM referral_inviter_rewards k
        FULL JOIN (SELECT project_id, inviter_tg_id, count(*) AS rewarded FROM referral_invitations
                    WHERE status = 'rewarded' GROUP BY project_id, inviter_tg_id) i
          ON i.project_id = k.project_id AND i.inviter_tg_id = k.inviter_tg_id
       WHERE k.rewarded IS DISTINCT FROM i.rewarded
          OR (k.shopper
              AND NOT EXISTS (SELECT 1 FROM buyer_points p WHERE p.project_id = k.project_id AND p.buyer_tg_id = k.inviter_tg_id)
              AND NOT EXISTS (SELECT 1 FROM buyer_stats s JOIN projects a ON a.id = k.project_id
                               WHERE s.user_id = a.user_id AND s.project_id = k.project_id AND s.buyer_tg_id = k.inviter_tg_id))`,
  },
];
