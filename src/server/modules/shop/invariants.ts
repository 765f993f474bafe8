import type { Invariant } from '../../platform/manifest.js';

/** What must hold in the data after any sequence of requests, faults and restarts: an exchange's points are debited once. */
export const shopInvariants: readonly Invariant[] = [
  {
    name: 'order_points_debited_once',
    description: 'баллы за обмен списаны ровно один раз, за отменённый — возвращены ровно один раз',
    query: `
      SELECT format('обмен %s (%s, %s баллов): списаний %s, возвратов %s', o.id, o.status, o.price_points, coalesce(d.n, 0), coalesce(r.n, 0)) AS detail
        FROM shop_orders o
        LEFT JOIN (SELECT reference, count(*) AS n, sum(delta) AS total FROM points_ledger WHERE reference LIKE 'order:%' GROUP BY reference) d ON d.reference = 'order:' || o.id
        LEFT JOIN (SELECT reference, count(*) AS n, sum(delta) AS total FROM points_ledger WHERE reference LIKE 'order-refund:%' GROUP BY reference) r ON r.reference = 'order-refund:' || o.id
       WHERE o.price_points > 0
         AND (coalesce(d.n, 0) <> 1 OR d.total <> -o.price_points
              OR (o.status = 'cancelled' AND (coalesce(r.n, 0) <> 1 OR r.total <> o.price_points))
              OR (o.status <> 'cancelled' AND coalesce(r.n, 0) <> 0))`,
  },
];
