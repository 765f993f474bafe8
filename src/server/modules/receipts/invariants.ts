import type { Invariant } from '../../platform/manifest.js';

/**
 * What must hold in the data after any sequence of requests, faults and restarts: receipts' counters,
 * fees and points agree with the receipts, and a cancel with its ledger row, hold and sums.
 */
export const receiptsInvariants: readonly Invariant[] = [
  {
    name: 'buyer_stats_equal_receipts',
    description: 'статистика покупателя равна тому, что говорят его успешные чеки (сумма — без отменённых)',
    query: `
      SELECT format('продавец %s, акция %s, покупатель %s: в статистике %s чеков на %s коп., по чекам %s на %s коп.',
                    coalesce(s.user_id, r.user_id), coalesce(s.project_id, r.project_id), coalesce(s.buyer_tg_id, r.buyer_tg_id),
                    coalesce(s.successful_receipts, 0), coalesce(s.total_kopecks, 0), coalesce(r.receipts, 0), coalesce(r.kopecks, 0)) AS detail
        FROM buyer_stats s
        FULL JOIN (SELECT user_id, project_id, buyer_tg_id, count(*) AS receipts,
                          coalesce(sum(counted_kopecks) FILTER (WHERE cancelled_at IS NULL), 0) AS kopecks, max(issued_at) AS last_issued_at
                     FROM receipts WHERE status = 'success' GROUP BY user_id, project_id, buyer_tg_id) r
          ON r.user_id = s.user_id AND r.project_id = s.project_id AND r.buyer_tg_id = s.buyer_tg_id
       WHERE coalesce(s.successful_receipts, 0) <> coalesce(r.receipts, 0)
          OR coalesce(s.total_kopecks, 0) <> coalesce(r.kopecks, 0)
          OR (r.last_issued_at IS NOT NULL AND s.last_receipt_at <> r.last_issued_at)`,
  },
  {
    name: 'receipt_fee_charged_once',
    description: 'каждый успешный чек с платой больше 0 списан ровно одной операцией, и только такие чеки',
    query: `
      SELECT format('чек %s: плата %s коп., списаний %s на %s коп.', r.id, r.fee_kopecks, count(l.id), coalesce(-sum(l.amount_kopecks), 0)) AS detail
        FROM receipts r
        LEFT JOIN balance_ledger l ON l.reference = 'receipt:' || r.id AND l.kind = 'receipt_fee'
       WHERE r.status = 'success' AND r.fee_kopecks > 0
       GROUP BY r.id, r.fee_kopecks
      HAVING count(l.id) <> 1 OR sum(l.amount_kopecks) <> -r.fee_kopecks
      UNION ALL
      SELECT format('операция %s (%s) списала плату за чек, который не засчитан', l.id, l.reference)
        FROM balance_ledger l
        LEFT JOIN receipts r ON l.reference = 'receipt:' || r.id
       WHERE l.kind = 'receipt_fee' AND (r.id IS NULL OR r.status <> 'success' OR r.fee_kopecks = 0)`,
  },
  {
    name: 'receipt_points_in_ledger',
    description: 'баллы каждого успешного чека записаны в журнал баллов ровно один раз',
    query: `
      SELECT format('чек %s: начислено %s баллов, в журнале %s', r.id, r.points_awarded, coalesce(l.delta + l.held_delta, 0)) AS detail
        FROM receipts r
        LEFT JOIN points_ledger l ON l.reference = 'receipt:' || r.id
       WHERE (r.status = 'success' AND r.points_awarded > 0 AND (l.id IS NULL OR l.delta + l.held_delta <> r.points_awarded))
          OR (l.id IS NOT NULL AND r.status <> 'success')`,
  },
  {
    name: 'receipt_counters_equal_receipts',
    description: 'счётчики чеков продавца и акции равны числу успешных чеков',
    query: `
      SELECT format('продавец %s: счётчик %s, успешных чеков %s', u.id, u.scanned_receipts, count(r.id)) AS detail
        FROM users u LEFT JOIN receipts r ON r.user_id = u.id AND r.status = 'success'
       GROUP BY u.id, u.scanned_receipts HAVING u.scanned_receipts <> count(r.id)
      UNION ALL
      SELECT format('акция %s: счётчик %s, успешных чеков %s', p.id, coalesce(s.successful_receipts, 0), count(r.id))
        FROM projects p
        LEFT JOIN buyer_summaries s ON s.user_id = p.user_id AND s.project_id = p.id
        LEFT JOIN receipts r ON r.project_id = p.id AND r.status = 'success'
       GROUP BY p.id, s.successful_receipts HAVING coalesce(s.successful_receipts, 0) <> count(r.id)`,
  },
  {
    name: 'receipt_cancels_agree',
    description: 'отменённый чек — принятый чек; списанное при отмене равно строке отмены в журнале баллов, его удержание снято',
    query: `
      SELECT format('чек %s: статус %s, списано при отмене %s из %s начисленных, в журнале %s, остаток удержания %s',
                    r.id, r.status, r.points_cancelled, r.points_awarded, coalesce(-(l.delta + l.held_delta), 0), coalesce(h.remaining, 0)) AS detail
        FROM receipts r
        LEFT JOIN points_ledger l ON l.reference = 'cancel:' || r.id
        LEFT JOIN points_holds h ON h.receipt_id = r.id
       WHERE r.cancelled_at IS NOT NULL
         AND (r.status <> 'success' OR r.cancelled_by IS NULL OR r.cancel_reason IS NULL OR r.points_cancelled IS NULL
              OR r.points_cancelled > r.points_awarded OR r.points_cancelled <> coalesce(-(l.delta + l.held_delta), 0)
              OR (l.id IS NOT NULL AND (l.kind <> 'cancel' OR l.project_id <> r.project_id OR l.buyer_tg_id <> r.buyer_tg_id))
              OR coalesce(h.remaining, 0) <> 0)
      UNION ALL
      SELECT format('строка журнала баллов %s (%s) — отмена чека, который не отменён', l.id, l.reference)
        FROM points_ledger l
        LEFT JOIN receipts r ON r.id = substr(l.reference, length('cancel:') + 1)::bigint AND r.cancelled_at IS NOT NULL
       WHERE l.kind = 'cancel' AND r.id IS NULL`,
  },
  {
    name: 'buyer_sums_agree',
    description: 'суммы покупок на экране «Покупатели» (по акции и по всем акциям) равны сумме статистики покупателей',
    query: `
      SELECT format('продавец %s, акция %s: в сводке %s коп., у покупателей %s коп.', coalesce(s.user_id, b.user_id),
                    coalesce(s.project_id, b.project_id), coalesce(s.total_kopecks, 0), coalesce(b.total, 0)) AS detail
        FROM (SELECT * FROM buyer_summaries WHERE project_id <> 0) s
        FULL JOIN (SELECT user_id, project_id, sum(total_kopecks) AS total FROM buyer_stats GROUP BY user_id, project_id) b
          ON b.user_id = s.user_id AND b.project_id = s.project_id
       WHERE coalesce(s.total_kopecks, 0) <> coalesce(b.total, 0)
      UNION ALL
      SELECT format('продавец %s, покупатель %s: по всем акциям %s коп., по акциям %s коп.', coalesce(s.user_id, b.user_id),
                    coalesce(s.buyer_tg_id, b.buyer_tg_id), coalesce(s.total_kopecks, 0), coalesce(b.total, 0))
        FROM seller_buyers s
        FULL JOIN (SELECT user_id, buyer_tg_id, sum(total_kopecks) AS total FROM buyer_stats GROUP BY user_id, buyer_tg_id) b
          ON b.user_id = s.user_id AND b.buyer_tg_id = s.buyer_tg_id
       WHERE coalesce(s.total_kopecks, 0) <> coalesce(b.total, 0)
      UNION ALL
      SELECT format('продавец %s: в сводке по всем акциям %s коп., у покупателей %s коп.', coalesce(s.user_id, b.user_id),
                    coalesce(s.total_kopecks, 0), coalesce(b.total, 0))
        FROM (SELECT * FROM buyer_summaries WHERE project_id = 0) s
        FULL JOIN (SELECT user_id, sum(total_kopecks) AS total FROM seller_buyers GROUP BY user_id) b ON b.user_id = s.user_id
       WHERE coalesce(s.total_kopecks, 0) <> coalesce(b.total, 0)`,
  },
];
