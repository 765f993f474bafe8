import type { Invariant } from '../../platform/manifest.js';

/** A receipt's Moscow day of purchase, as the analytics count it (db/functions/analytics_day.sql). */
const purchaseDay = `analytics_day(coalesce(r.issued_at, r.scanned_at))`;

/** A receipt the catch-up has not counted yet: its aggregates are owed, not wrong. */
const queued = `EXISTS (SELECT 1 FROM analytics_pending q WHERE q.receipt_id = r.id)`;

/**
 * What the capture sums hold of an accepted receipt: +1 once the catch-up counted it, −1 once it was
 * cancelled (the cancel takes it off whether or not it was counted yet), so 0 for a counted and
 * cancelled one, and −1 for one cancelled while still queued.
 */
const captureSign = `(CASE WHEN ${queued} THEN 0 ELSE 1 END) - (CASE WHEN r.cancelled_at IS NULL THEN 0 ELSE 1 END)`;

/**
 * What must hold in the data after any sequence of requests, faults and restarts: every sum
 * «Окупаемость» reads instead of the rows behind it equals its recount from those rows.
 */
export const payoffInvariants: readonly Invariant[] = [
  {
    name: 'payoff_shopper_firsts_equal_receipts',
    description: 'первые два дня покупателя с принятым чеком (в акции и во всех акциях продавца) равны тому, что говорят его чеки',
    // The receipts are grouped once, per action; each shopper's seller-wide days follow from their
    // actions' (the seller's second day is the earliest of each action's first day after the seller's
    // first, else that action's second). Grouped a second time per seller, every receipt's day was
    // hashed into a distinct set (spilled to disk) and sorted twice: 106 of `admin verify`'s 228 s at
    // 10 M receipts, and twice this statement's time at 3 M (docs/benchmarks.md, "Scale").
    query: `
      WITH actions AS (
        SELECT user_id, project_id, buyer_tg_id, min(day) AS first_day, (array_agg(DISTINCT day ORDER BY day))[2] AS second_day
          FROM (SELECT r.user_id, r.project_id, r.buyer_tg_id, ${purchaseDay} AS day
                  FROM receipts r
                 WHERE r.status = 'success' AND r.project_id IS NOT NULL AND NOT ${queued}) AS days
         GROUP BY 1, 2, 3
      ), sellers AS (
        SELECT user_id, buyer_tg_id, min(first_day) AS first_day FROM actions GROUP BY 1, 2
      ), recount AS (
        SELECT user_id, project_id, buyer_tg_id, first_day, second_day FROM actions
        UNION ALL
        SELECT a.user_id, 0, a.buyer_tg_id, s.first_day, min(CASE WHEN a.first_day > s.first_day THEN a.first_day ELSE a.second_day END)
          FROM actions a JOIN sellers s USING (user_id, buyer_tg_id)
         GROUP BY a.user_id, a.buyer_tg_id, s.first_day
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
  {
    name: 'payoff_capture_equals_receipts',
    description:
      'принятые чеки и единицы товаров продавца по дню покупки и ИНН продавца в чеке равны тому, что говорят чеки (без отменённых)',
    query: `
      SELECT format('продавец %s, акция %s, день %s, ИНН %s: чеков %s на %s ед., по чекам %s на %s ед.', user_id, project_id, day, seller_inn,
                    coalesce(c.receipts, 0), coalesce(c.units, 0), coalesce(r.receipts, 0), coalesce(r.units, 0)) AS detail
        FROM analytics_capture c
        FULL JOIN (SELECT r.user_id, r.project_id, ${purchaseDay} AS day, r.seller_inn, sum(${captureSign}) AS receipts,
                          sum((${captureSign}) * i.units) AS units
                     FROM receipts r
                     JOIN (SELECT receipt_id, sum(quantity) AS units FROM receipt_items WHERE status = 'counted' GROUP BY 1) i
                       ON i.receipt_id = r.id
                    WHERE r.status = 'success' AND r.project_id IS NOT NULL AND r.seller_inn IS NOT NULL
                    GROUP BY 1, 2, 3, 4) r USING (user_id, project_id, day, seller_inn)
       WHERE coalesce(c.receipts, 0) <> coalesce(r.receipts, 0) OR coalesce(c.units, 0) <> coalesce(r.units, 0)`,
  },
  {
    name: 'payoff_capture_items_equal_receipts',
    description: 'позиции и единицы товаров продавца по названию в чеке равны тому, что говорят чеки (без отменённых)',
    query: `
      SELECT format('продавец %s, акция %s, день %s, ИНН %s, товар «%s»: позиций %s на %s ед., по чекам %s на %s ед.', user_id, project_id,
                    day, seller_inn, name, coalesce(c.items, 0), coalesce(c.units, 0), coalesce(r.items, 0), coalesce(r.units, 0)) AS detail
        FROM analytics_capture_items c
        FULL JOIN (SELECT r.user_id, r.project_id, ${purchaseDay} AS day, r.seller_inn, i.name, sum(${captureSign}) AS items,
                          sum((${captureSign}) * i.quantity) AS units
                     FROM receipts r
                     JOIN receipt_items i ON i.receipt_id = r.id AND i.status = 'counted'
                    WHERE r.status = 'success' AND r.project_id IS NOT NULL AND r.seller_inn IS NOT NULL
                    GROUP BY 1, 2, 3, 4, 5) r USING (user_id, project_id, day, seller_inn, name)
       WHERE coalesce(c.items, 0) <> coalesce(r.items, 0) OR coalesce(c.units, 0) <> coalesce(r.units, 0)`,
  },
  {
    name: 'payoff_marketplace_daily_equals_rows',
    description: 'продажи и возвраты маркетплейса по дню и товару равны сумме его строк',
    query: `
      SELECT format('продавец %s, %s, день %s, товар «%s»: строк %s, продано %s, возвращено %s; по строкам %s, %s, %s', user_id, marketplace,
                    moscow_day, product_name, coalesce(d.sale_rows, 0), coalesce(d.sold, 0), coalesce(d.returned, 0),
                    coalesce(s.sale_rows, 0), coalesce(s.sold, 0), coalesce(s.returned, 0)) AS detail
        FROM marketplace_sales_daily d
        FULL JOIN (SELECT user_id, marketplace, moscow_day, name_key, product_name, count(*) AS sale_rows,
                          coalesce(sum(units) FILTER (WHERE kind = 'sale'), 0) AS sold,
                          coalesce(sum(units) FILTER (WHERE kind = 'return'), 0) AS returned
                     FROM marketplace_sales GROUP BY 1, 2, 3, 4, 5) s USING (user_id, marketplace, moscow_day, name_key, product_name)
       WHERE (d.sale_rows, d.sold, d.returned) IS DISTINCT FROM (s.sale_rows, s.sold, s.returned)`,
  },
  {
    name: 'payoff_points_totals_equal_buyer_points',
    description: 'баллы акции, доступные и удержанные, равны сумме баллов её покупателей',
    query: `
      SELECT format('продавец %s, акция %s: доступно %s, удержано %s; у покупателей %s и %s', p.user_id, project_id,
                    coalesce(t.balance, 0), coalesce(t.held, 0), coalesce(b.balance, 0), coalesce(b.held, 0)) AS detail
        FROM (SELECT project_id, sum(balance) AS balance, sum(held) AS held FROM buyer_points_totals GROUP BY 1) t
        FULL JOIN (SELECT project_id, sum(balance) AS balance, sum(held) AS held FROM buyer_points GROUP BY 1) b USING (project_id)
        LEFT JOIN projects p ON p.id = project_id
       WHERE coalesce(t.balance, 0) <> coalesce(b.balance, 0) OR coalesce(t.held, 0) <> coalesce(b.held, 0)`,
  },
  {
    name: 'payoff_expiring_days_equal_lots',
    description: 'баллы акции, сгорающие в каждый день, равны остаткам её начислений со сроком в этот день',
    query: `
      SELECT format('продавец %s, акция %s, день %s: сгорает %s; по начислениям %s', p.user_id, project_id, expiry_day,
                    coalesce(d.points, 0), coalesce(l.points, 0)) AS detail
        FROM (SELECT project_id, expiry_day, sum(points) AS points FROM points_expiring_days GROUP BY 1, 2) d
        FULL JOIN (SELECT project_id, analytics_day(expires_at) AS expiry_day, sum(remaining) AS points
                     FROM points_lots WHERE remaining > 0 GROUP BY 1, 2) l USING (project_id, expiry_day)
        LEFT JOIN projects p ON p.id = project_id
       WHERE coalesce(d.points, 0) <> coalesce(l.points, 0)`,
  },
];
