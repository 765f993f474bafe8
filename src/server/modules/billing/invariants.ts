import type { Invariant } from '../../platform/manifest.js';

/** What must hold in the data after any sequence of requests, faults and restarts: the sellers' balances and bank invoices agree with the balance ledger. */
export const billingInvariants: readonly Invariant[] = [
  {
    name: 'seller_balance_equals_ledger',
    description: 'баланс продавца равен сумме его журнала операций',
    query: `
      SELECT format('продавец %s: баланс %s коп., сумма журнала %s коп.', u.id, u.balance_kopecks, coalesce(l.total, 0)) AS detail
        FROM users u
        LEFT JOIN (SELECT user_id, sum(amount_kopecks) AS total FROM balance_ledger GROUP BY user_id) l ON l.user_id = u.id
       WHERE u.balance_kopecks <> coalesce(l.total, 0)`,
  },
  {
    name: 'seller_balance_equals_last_ledger_row',
    description: 'баланс продавца равен «балансу после» его последней операции',
    query: `
      SELECT format('продавец %s: баланс %s коп., последняя операция %s: баланс после %s коп.', u.id, u.balance_kopecks, l.id, l.balance_after_kopecks) AS detail
        FROM users u
        JOIN LATERAL (SELECT id, balance_after_kopecks FROM balance_ledger WHERE user_id = u.id ORDER BY id DESC LIMIT 1) l ON true
       WHERE u.balance_kopecks <> l.balance_after_kopecks`,
  },
  {
    name: 'bank_invoice_paid_by_its_ledger_row',
    description: 'счёт на оплату оплачен тогда и только тогда, когда его сумма зачислена его продавцу',
    query: `
      SELECT format('счёт %s продавца %s на %s коп.: статус %s, зачисление %s', i.number, i.user_id, i.amount_kopecks, i.status,
                    coalesce(format('продавцу %s на %s коп.', l.user_id, l.amount_kopecks), 'нет')) AS detail
        FROM bank_invoices i
        LEFT JOIN balance_ledger l ON l.reference = 'bank-transfer:' || i.number
       WHERE (i.status = 'paid') <> (l.id IS NOT NULL)
          OR (l.id IS NOT NULL AND (l.user_id <> i.user_id OR l.amount_kopecks <> i.amount_kopecks))`,
  },
];
