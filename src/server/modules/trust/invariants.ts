import type { Invariant } from '../../platform/manifest.js';

/** Blocks, flags and the receipts the guards refused agree with the rest of the data. */
export const trustInvariants: readonly Invariant[] = [
  {
    name: 'guard_refusals_are_free',
    description: 'чек, отклонённый лимитом или блокировкой, не оплачен, без баллов и без товаров: налоговую о нём не спрашивали',
    query: `
      SELECT format('чек %s (%s): плата %s коп., баллов %s, товаров %s', r.id, r.status, r.fee_kopecks, r.points_awarded,
                    (SELECT count(*) FROM receipt_items i WHERE i.receipt_id = r.id)) AS detail
        FROM receipts r
       WHERE r.status IN ('limit_reached', 'blocked')
         AND (r.fee_kopecks <> 0 OR r.points_awarded <> 0 OR EXISTS (SELECT 1 FROM receipt_items i WHERE i.receipt_id = r.id))`,
  },
  {
    name: 'buyer_block_by_action_seller',
    description: 'покупателя в акции блокирует только продавец этой акции',
    query: `
      SELECT format('акция %s, покупатель %s: заблокировал продавец %s, акция продавца %s', b.project_id, b.buyer_tg_id, b.blocked_by, p.user_id) AS detail
        FROM buyer_blocks b JOIN projects p ON p.id = b.project_id
       WHERE b.blocked_by <> p.user_id`,
  },
  {
    name: 'buyer_flag_has_receipts',
    description: 'подозрительным отмечен только покупатель, приславший чеки в эту акцию',
    query: `
      SELECT format('акция %s, покупатель %s: отметка «%s» без чеков', f.project_id, f.buyer_tg_id, f.kind) AS detail
        FROM buyer_flags f
       WHERE NOT EXISTS (SELECT 1 FROM receipts r WHERE r.project_id = f.project_id AND r.buyer_tg_id = f.buyer_tg_id)`,
  },
];
