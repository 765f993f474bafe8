import type { Invariant } from '../../platform/manifest.js';

/**
 * What must hold in the data after any sequence of requests, faults and restarts: a frozen ticket is a
 * receipt of its draw, and a receipt is one ticket. The tickets have neither foreign keys nor a unique
 * receipt (migration 0066: the close writes a million of them in one statement from the draw's own
 * receipts), so this is where a ticket whose draw or receipt is gone, whose receipt is not the
 * draw's, or whose receipt is another ticket too, shows; and an open draw's kept entrants that
 * disagree with its window, or a closed draw's holders that disagree with its list.
 */
export const drawsInvariants: readonly Invariant[] = [
  {
    name: 'draw_ticket_is_a_receipt_of_the_draw',
    description: 'каждый билет розыгрыша — успешный чек его акции и его покупателя, отсканированный в окне розыгрыша',
    query: `
      SELECT format('розыгрыш %s, билет № %s, чек %s: %s', t.draw_id, t.ticket, t.receipt_id,
                    CASE WHEN d.id IS NULL THEN 'розыгрыша нет'
                         WHEN r.id IS NULL THEN 'чека нет'
                         WHEN r.project_id <> d.project_id THEN 'чек другой акции'
                         WHEN r.buyer_tg_id <> t.buyer_tg_id THEN 'чек другого покупателя'
                         WHEN r.status <> 'success' THEN 'чек не успешный'
                         ELSE 'чек не из окна розыгрыша' END) AS detail
        FROM draw_tickets t
        LEFT JOIN draws d ON d.id = t.draw_id
        LEFT JOIN receipts r ON r.id = t.receipt_id
       WHERE d.id IS NULL OR r.id IS NULL OR r.project_id <> d.project_id OR r.buyer_tg_id <> t.buyer_tg_id
          OR r.status <> 'success' OR d.closed_at IS NULL OR r.scanned_at < d.created_at OR r.scanned_at >= d.closed_at`,
  },
  {
    name: 'draw_receipt_is_one_ticket',
    description: 'чек — не больше одного билета розыгрыша',
    query: `
      SELECT format('розыгрыш %s, чек %s: билеты № %s', draw_id, receipt_id, string_agg(ticket::text, ', № ' ORDER BY ticket)) AS detail
        FROM draw_tickets GROUP BY draw_id, receipt_id HAVING count(*) > 1`,
  },
  {
    name: 'draw_counts_equal_tickets',
    description: 'у закрытого розыгрыша число билетов и число участников — те, что в его списке, участники пронумерованы 1, 2, …',
    query: `
      SELECT format('розыгрыш %s: записано билетов %s, участников %s; в списке билетов %s, участников %s, наибольший номер участника %s',
                    d.id, d.tickets_count, d.shoppers_count, t.tickets, t.shoppers, t.numbered) AS detail
        FROM draws d
        CROSS JOIN LATERAL (SELECT count(*) AS tickets, count(DISTINCT buyer_tg_id) AS shoppers, coalesce(max(shopper), 0) AS numbered
                              FROM draw_tickets WHERE draw_id = d.id) t
       WHERE d.tickets_hash IS NOT NULL
         AND (d.tickets_count <> t.tickets OR d.shoppers_count <> t.shoppers OR t.numbered <> t.shoppers)`,
  },
  {
    // Every range the closing job has written, so a job cut off between two ranges is not a violation.
    name: 'draw_holders_equal_list',
    description: 'держатели закрытого розыгрыша и номера их билетов — те, что в его списке (в записанной части)',
    query: `
      WITH listed AS (
        SELECT t.draw_id, t.buyer_tg_id, array_agg(t.ticket ORDER BY t.ticket) AS tickets
          FROM draw_tickets t JOIN draws d ON d.id = t.draw_id
         WHERE t.ticket <= d.holders_through
         GROUP BY t.draw_id, t.buyer_tg_id)
      SELECT format('розыгрыш %s, покупатель %s: у держателя билеты %s, в списке %s',
                    coalesce(h.draw_id, l.draw_id), coalesce(h.buyer_tg_id, l.buyer_tg_id),
                    coalesce('№ ' || array_to_string(h.tickets, ', № '), 'не записаны'), coalesce('№ ' || array_to_string(l.tickets, ', № '), 'нет')) AS detail
        FROM draw_holders h FULL JOIN listed l ON l.draw_id = h.draw_id AND l.buyer_tg_id = h.buyer_tg_id
       WHERE h.tickets IS DISTINCT FROM l.tickets`,
  },
  {
    // Stated here apart from the award, the cancel and the count that keep them: a check should not
    // share the code it checks.
    name: 'draw_entrants_equal_window',
    description: 'у открытого розыгрыша записанные участники и число их билетов — те, что дают успешные чеки его окна',
    query: `
      WITH kept AS (SELECT id, project_id, created_at, closes_at FROM draws WHERE closed_at IS NULL AND entrants_kept),
      entrants AS (SELECT e.draw_id, e.buyer_tg_id, e.tickets FROM draw_entrants e JOIN kept k ON k.id = e.draw_id),
      windowed AS (
        SELECT k.id AS draw_id, r.buyer_tg_id, count(*)::int AS tickets
          FROM kept k JOIN receipts r ON r.project_id = k.project_id AND r.status = 'success'
           AND (r.cancelled_at IS NULL OR r.cancelled_at >= k.closes_at) AND r.scanned_at >= k.created_at AND r.scanned_at < k.closes_at
         GROUP BY k.id, r.buyer_tg_id)
      SELECT format('розыгрыш %s, покупатель %s: записано билетов %s, в окне %s',
                    coalesce(e.draw_id, w.draw_id), coalesce(e.buyer_tg_id, w.buyer_tg_id), coalesce(e.tickets, 0), coalesce(w.tickets, 0)) AS detail
        FROM entrants e FULL JOIN windowed w ON w.draw_id = e.draw_id AND w.buyer_tg_id = e.buyer_tg_id
       WHERE e.tickets IS DISTINCT FROM w.tickets`,
  },
];
