import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';

/**
 * What must hold in the data after any sequence of requests, faults and restarts. Each check
 * is one query returning a row (`detail`) per violation; a feature with its own invariant adds
 * one entry here and `npm run admin -- verify`, the fault tests and the fuzzing pick it up.
 */
export interface InvariantCheck {
  name: string;
  description: string;
  query: string;
}

/** Violations listed per check at most: one is enough to act on, thousands flood a terminal. */
const LIMIT_PER_CHECK = 50;

export const INVARIANT_CHECKS: InvariantCheck[] = [
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
  {
    name: 'buyer_points_equal_ledger',
    description: 'баллы покупателя в акции равны сумме его журнала баллов',
    query: `
      SELECT format('акция %s, покупатель %s: баллов %s, сумма журнала %s',
                    coalesce(p.project_id, l.project_id), coalesce(p.buyer_tg_id, l.buyer_tg_id), coalesce(p.balance, 0), coalesce(l.total, 0)) AS detail
        FROM buyer_points p
        FULL JOIN (SELECT project_id, buyer_tg_id, sum(delta) AS total FROM points_ledger GROUP BY project_id, buyer_tg_id) l
          ON l.project_id = p.project_id AND l.buyer_tg_id = p.buyer_tg_id
       WHERE coalesce(p.balance, 0) <> coalesce(l.total, 0)`,
  },
  {
    name: 'buyer_points_not_negative',
    description: 'баллы покупателя в акции не бывают отрицательными',
    query: `
      SELECT format('акция %s, покупатель %s: баллов %s', project_id, buyer_tg_id, balance) AS detail
        FROM buyer_points WHERE balance < 0`,
  },
  {
    name: 'points_lots_within_balance',
    description: 'несгоревший остаток начислений со сроком не больше баллов покупателя и каждого начисления',
    query: `
      SELECT format('акция %s, покупатель %s: остаток начислений со сроком %s, баллов %s', l.project_id, l.buyer_tg_id, l.remaining, coalesce(p.balance, 0)) AS detail
        FROM (SELECT project_id, buyer_tg_id, sum(remaining) AS remaining FROM points_lots GROUP BY project_id, buyer_tg_id) l
        LEFT JOIN buyer_points p ON p.project_id = l.project_id AND p.buyer_tg_id = l.buyer_tg_id
       WHERE l.remaining > coalesce(p.balance, 0)
      UNION ALL
      SELECT format('начисление %s: остаток %s больше начисленного %s или срок %s не совпадает с журналом', lot.ledger_id, lot.remaining, e.delta, lot.expires_at)
        FROM points_lots lot JOIN points_ledger e ON e.id = lot.ledger_id
       WHERE lot.remaining > e.delta OR e.expires_at IS DISTINCT FROM lot.expires_at`,
  },
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
      SELECT format('чек %s: начислено %s баллов, в журнале %s', r.id, r.points_awarded, coalesce(l.delta, 0)) AS detail
        FROM receipts r
        LEFT JOIN points_ledger l ON l.reference = 'receipt:' || r.id
       WHERE (r.status = 'success' AND r.points_awarded > 0 AND (l.id IS NULL OR l.delta <> r.points_awarded))
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
    name: 'mailing_figures_equal_recipients',
    description: 'цифры рассылки (отправлено, ошибок) равны состояниям её получателей',
    query: `
      SELECT format('рассылка %s: отправлено %s, получателей в «отправлено» %s; ошибок %s, получателей с ошибкой %s', m.id, m.sent, coalesce(r.sent, 0), m.failed, coalesce(r.failed, 0)) AS detail
        FROM mailings m
        LEFT JOIN (SELECT mailing_id, count(*) FILTER (WHERE state = 'sent') AS sent, count(*) FILTER (WHERE state = 'failed') AS failed
                     FROM mailing_recipients GROUP BY mailing_id) r ON r.mailing_id = m.id
       WHERE m.sent <> coalesce(r.sent, 0) OR m.failed <> coalesce(r.failed, 0)`,
  },
  {
    name: 'finished_mailing_has_no_open_recipients',
    description: 'у завершённой рассылки нет получателей, ожидающих отправки',
    query: `
      SELECT format('рассылка %s (%s): получатель %s ещё в состоянии %s', m.id, m.status, r.chat_id, r.state) AS detail
        FROM mailings m JOIN mailing_recipients r ON r.mailing_id = m.id
       WHERE m.status = 'done' AND r.state IN ('pending', 'sending')`,
  },
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

export interface Violation {
  check: string;
  detail: string;
}

export async function verifyInvariants(db: Executor, checks = INVARIANT_CHECKS): Promise<{ checks: string[]; violations: Violation[] }> {
  const violations: Violation[] = [];
  for (const check of checks) {
    const rows = rowsOf(await db.execute(sql.raw(`SELECT detail FROM (${check.query}) AS violations LIMIT ${LIMIT_PER_CHECK}`)));
    for (const row of rows) violations.push({ check: check.name, detail: String(row.detail) });
  }
  return { checks: checks.map((check) => check.name), violations };
}

/**
 * Tables whose change is expected on a refused request: a failed login counts against the
 * throttle, sessions are written by sign-in, the tax cache remembers lookups, and the mail job
 * marks earlier mails sent in the background at any moment.
 */
const VOLATILE_TABLES = new Set(['login_throttle', 'sessions', 'tax_receipt_cache', 'schema_migrations', 'mail_outbox']);

/**
 * A digest of every other table of the app (new tables included without an edit), to tell
 * "nothing was written" before and after a refused request. Reads every row: for tests and
 * small databases, not for a production one under load.
 */
export async function dataFingerprint(db: Executor): Promise<Record<string, string>> {
  const fingerprint: Record<string, string> = {};
  const query = fingerprintQueries.get(db) ?? (await buildFingerprintQuery(db));
  fingerprintQueries.set(db, query);
  if (!query) return fingerprint;
  for (const row of rowsOf(await db.execute(sql.raw(query)))) fingerprint[String(row.name)] = String(row.digest);
  return fingerprint;
}

/** The tables exist from start-up (migrations run first), so the statement is built once per database. */
const fingerprintQueries = new WeakMap<Executor, string>();

async function buildFingerprintQuery(db: Executor): Promise<string> {
  const tables = rowsOf(
    await db.execute(sql`SELECT c.relname AS table_name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`),
  )
    .map((row) => String(row.table_name))
    .filter((table) => !VOLATILE_TABLES.has(table));
  // One statement for all tables: one round trip, one snapshot.
  return tables
    .map((table) => {
      const quoted = `"${table.replaceAll('"', '""')}"`;
      return `SELECT '${table.replaceAll("'", "''")}' AS name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${quoted} t`;
    })
    .join(' UNION ALL ');
}
