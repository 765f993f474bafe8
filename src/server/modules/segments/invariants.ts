import type { Invariant } from '../../platform/manifest.js';

/** What must hold in the data: the points-only shoppers kept apart for a segment's count agree with their sources. */
export const segmentInvariants: readonly Invariant[] = [
  {
    name: 'points_only_shoppers_equal_balances',
    description: 'покупатели акции с баллами, но без покупок, записаны отдельно ровно они',
    query: `
      SELECT format('акция %s, покупатель %s: %s', coalesce(o.project_id, e.project_id), coalesce(o.buyer_tg_id, e.buyer_tg_id),
                    CASE WHEN e.buyer_tg_id IS NULL THEN 'записан без покупок, но покупал или не имеет баллов'
                         ELSE 'имеет баллы без покупок, но не записан' END) AS detail
        FROM buyer_points_only o
        FULL JOIN (SELECT p.project_id, p.buyer_tg_id FROM buyer_points p
                    WHERE NOT EXISTS (SELECT 1 FROM buyer_stats s WHERE s.project_id = p.project_id AND s.buyer_tg_id = p.buyer_tg_id)) e
          ON e.project_id = o.project_id AND e.buyer_tg_id = o.buyer_tg_id
       WHERE o.buyer_tg_id IS NULL OR e.buyer_tg_id IS NULL`,
  },
];
