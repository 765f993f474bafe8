import type { Invariant } from '../../platform/manifest.js';

/** What must hold in the data after any sequence of requests, faults and restarts: receipts' counters, fees and points agree with the receipts. */
export const receiptsInvariants: readonly Invariant[] = [
  {
    name: 'buyer_stats_equal_receipts',
    description: 'статистика покупателя равна тому, что говорят его успешные чеки',
    query: `
      SELECT format('продавец %s, акция %s, покупатель %s: в статистике %s чеков на %s коп., по чекам %s на %s коп.',
                    coalesce(s.user_id, r.user_id), coalesce(s.project_id, r.project_id), coalesce(s.buyer_tg_id, r.buyer_tg_id),
                    coalesce(s.successful_receipts, 0), coalesce(s.total_kopecks, 0), coalesce(r.receipts, 0), coalesce(r.kopecks, 0)) AS detail
        FROM buyer_stats s
        FULL JOIN (SELECT user_id, project_id, buyer_tg_id, count(*) AS receipts, sum(counted_kopecks) AS kopecks, max(issued_at) AS last_issued_at
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
];
