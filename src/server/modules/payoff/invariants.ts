import type { Invariant } from '../../platform/manifest.js';

/** A receipt's Moscow day of purchase, as the analytics count it (db/functions/analytics_day.sql). */
const purchaseDay = `analytics_day(coalesce(r.issued_at, r.scanned_at))`;

/** A receipt the catch-up has not counted yet: its aggregates are owed, not wrong. */
const queued = `EXISTS (SELECT 1 FROM analytics_pending q WHERE q.receipt_id = r.id)`;

/**
 * What must hold in the data after any sequence of requests, faults and restarts: every sum
 * «Окупаемость» reads instead of the rows behind it equals its recount from those rows.
 */
export const payoffInvariants: readonly Invariant[] = [
  {
    name: 'payoff_shopper_firsts_equal_receipts',
    description: 'первые два дня покупателя с принятым чеком (в акции и во всех акциях продавца) равны тому, что говорят его чеки',
    query: `
      WITH days AS (
        SELECT DISTINCT r.user_id, r.project_id, r.buyer_tg_id, ${purchaseDay} AS day
          FROM receipts r
         WHERE r.status = 'success' AND r.project_id IS NOT NULL AND NOT ${queued}
      ), recount AS (
        SELECT user_id, project_id, buyer_tg_id, min(day) AS first_day, (array_agg(day ORDER BY day))[2] AS second_day
          FROM days GROUP BY 1, 2, 3
        UNION ALL
        SELECT user_id, 0, buyer_tg_id, min(day), (array_agg(DISTINCT day ORDER BY day))[2]
          FROM days GROUP BY 1, 3
      )
      SELECT format('продавец %s, акция %s, покупатель %s: первые дни %s и %s, по чекам %s и %s', user_id, project_id, buyer_tg_id,
                    coalesce(f.first_day::text, '—'), coalesce(f.second_day::text, '—'),
                    coalesce(c.first_day::text, '—'), coalesce(c.second_day::text, '—')) AS detail
        FROM analytics_shopper_firsts f
        FULL JOIN recount c USING (user_id, project_id, buyer_tg_id)
       WHERE f.first_day IS DISTINCT FROM c.first_day OR f.second_day IS DISTINCT FROM c.second_day`,
  },
  {
    name: 'payoff_cohort_days_equal_firsts',
    description: 'новые покупатели дня и вернувшиеся за 30/60/90 дней равны подсчёту по первым дням покупателей',
    query: `
      SELECT format('продавец %s, акция %s, первый день %s: покупателей %s, вернулись за 30/60/90 дней %s/%s/%s; по первым дням %s, %s/%s/%s',
                    user_id, project_id, first_day, coalesce(c.shoppers, 0), coalesce(c.repeated_30, 0), coalesce(c.repeated_60, 0),
                    coalesce(c.repeated_90, 0), coalesce(f.shoppers, 0), coalesce(f.repeated_30, 0), coalesce(f.repeated_60, 0),
                    coalesce(f.repeated_90, 0)) AS detail
        FROM analytics_cohort_days c
        FULL JOIN (SELECT user_id, project_id, first_day, count(*) AS shoppers,
                          count(*) FILTER (WHERE second_day <= first_day + 30) AS repeated_30,
                          count(*) FILTER (WHERE second_day <= first_day + 60) AS repeated_60,
                          count(*) FILTER (WHERE second_day <= first_day + 90) AS repeated_90
                     FROM analytics_shopper_firsts GROUP BY 1, 2, 3) f USING (user_id, project_id, first_day)
       WHERE (c.shoppers, c.repeated_30, c.repeated_60, c.repeated_90) IS DISTINCT FROM (f.shoppers, f.repeated_30, f.repeated_60, f.repeated_90)`,
  },
];
