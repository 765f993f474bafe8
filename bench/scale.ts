import { readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { openDatabase, type Database } from '../src/server/db/connection.js';
import { encodeCursor } from '../src/server/db/cursor.js';
import { ADMIN_TOKEN_HEADER } from '../src/contract/constants.js';
import { ApiClient } from '../tests/support/api-client.js';
import { createFundedSeller } from '../tests/support/operator.js';
import { BUILT_SERVER, TEST_ADMIN_TOKEN, type RunningServer } from '../tests/support/server-process.js';
import { startBenchServer } from './server.js';
import { newBotToken } from '../tests/support/telegram.js';
import { machineLine, rssMiB, settledRssMiB, table, timeIt, type Row } from './report.js';

/**
 * `npm run bench -- scale`: the functions of the last rounds at a million shoppers (issue 45).
 * BENCH_SCALE is the fraction of the issue's sizes (1: 1 M shoppers, 10 M receipts); PGlite seeds a
 * tenth of it (BENCH_SCALE_PGLITE to say otherwise). The support inbox, the moderation queue and the
 * heavy shopper's buyer card are seeded at their full sizes at any scale: their cost is per action
 * or per shopper, and they are cheap to write. BENCH_SCALE_ONLY=draw,reminders (a comma-separated
 * list of SCENARIOS) measures only those after the seed; a job measured alone may then find the
 * work of a skipped one due before it (the clock still moves through their days).
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SCENARIOS = [
  'reminders',
  'expiry',
  'holds',
  'birthdays',
  'draw',
  'segments',
  'card',
  'support',
  'moderation',
  'mailing',
  'verify',
] as const;
const ONLY = process.env.BENCH_SCALE_ONLY?.split(',').map((name) => name.trim());
const unknown = ONLY?.filter((name) => !(SCENARIOS as readonly string[]).includes(name));
if (unknown?.length) throw new Error(`BENCH_SCALE_ONLY: unknown ${unknown.join(', ')} (known: ${SCENARIOS.join(', ')})`);
const wants = (scenario: (typeof SCENARIOS)[number]) => ONLY === undefined || ONLY.includes(scenario);
const PGLITE_SCALE = Number(process.env.BENCH_SCALE_PGLITE ?? SCALE / 10);
const RUNS = 20;
/**
 * "Memory flat": the most a heavy row's server RSS may rise above its RSS before it, the same at any
 * size of the data. A job that works in batches holds one batch (a few MiB) plus what V8 and the
 * database driver keep as working room; a job holding its whole set grows with it. Measured at a
 * tenth and at the full size (docs/benchmarks.md, Scale, "Memory flat"), every row but the
 * reminders' rose 0–49 MiB at either size; the reminders rose 40 MiB at a tenth and 202 at the full size.
 */
const FLAT_MIB = 64;
const DAY_S = 86_400;
const SUPPORT_THREADS = 50_000;
const MODERATION_ITEMS = 20_000;
/** The deep pages: near the end of each list. */
const DEEP_THREAD = 45_000;
const DEEP_ITEM = 14_000;
/** The four slowest statements of a call however fast: the lists' pages and the card's ledger take under the default 1 ms. */
const FAST_PLANS = { minMs: 0, keep: 4 };
const HEAVY_RECEIPTS = 10_000;
const HEAVY_TG = '999999999';
const FIRST_TG = 1_000_000_000;
const SPAN_DAYS = 730;

interface Sizes {
  shoppers: number;
  receipts: number;
  dueLots: number;
  holds: number;
}

function sizesAt(scale: number): Sizes {
  const shoppers = Math.max(1_000, Math.round(1_000_000 * scale));
  return { shoppers, receipts: shoppers * 10, dueLots: Math.round(shoppers / 10), holds: Math.round(shoppers / 50) };
}

/**
 * The days the periodic jobs find their work on, as Moscow noons from the seed's moment: the lots
 * due on one day (X), their reminders a week before, the holds released two days after, the
 * birthdays of the third day and the scheduled mailing on the fourth. Every other lot expires a
 * month after X or later, so each move of the clock finds one job's work and no other's.
 */
function calendar(seededAt: Date) {
  const moscowMidnight = (days: number) => {
    const day = new Date(seededAt.getTime() + 3 * 3_600_000 + days * DAY_S * 1000);
    return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - 3 * 3_600_000;
  };
  const noon = (days: number) => new Date(moscowMidnight(days) + 12 * 3_600_000);
  const x = 10;
  return {
    dueDay: noon(x),
    remindAt: noon(x - 7),
    expireAt: new Date(noon(x).getTime() + 3_600_000),
    releaseDay: noon(x + 2),
    releaseAt: new Date(noon(x + 2).getTime() + 3_600_000),
    birthdayAt: noon(x + 3),
    mailingAt: noon(x + 4),
    spreadFrom: noon(x + 30),
  };
}

/** One statement of the seed and the table it writes: the bench prints each table's time. */
interface SeedStep {
  table: string;
  sql: string;
}

/**
 * The tables the seed fills by the thousand or million: their secondary indexes are dropped before
 * the load and built again after it, from their definitions in the catalogue (a later migration's
 * change to one is kept).
 */
const BULK_TABLES = [
  'receipts',
  'receipt_items',
  'points_ledger',
  'points_lots',
  'points_holds',
  'buyer_points',
  'buyer_stats',
  'seller_buyers',
  'telegram_buyers',
  'buyer_birthdays',
  'referral_codes',
  'referral_invitations',
  'support_threads',
  'support_messages',
  'moderation_items',
  'buyer_item_names',
];

/**
 * The seed runs with `session_replication_role = replica`: no trigger fires and no foreign key is
 * checked row by row. Each trigger on a table it writes is named here with where the seed writes
 * what the trigger would have; a trigger not named here (one a later migration adds) stops the seed.
 */
const SEED_TRIGGERS: Record<string, string> = {
  receipts_after_insert:
    'receipt_counts: a step of the seed; analytics_pending: left empty, analytics_rebuild() makes what its catch-up would',
  receipt_items_after_insert: 'action_item_names and buyer_item_names: steps of the seed',
  webhook_receipts_inserted: 'nothing: the bench seller has no webhook endpoint',
  webhook_points_changed: 'nothing: no webhook endpoint',
  webhook_buyer_joined: 'nothing: no webhook endpoint',
  webhook_support_message: 'nothing: no webhook endpoint',
  webhook_draw_closed: 'nothing: fires when a draw is drawn, the seed moves its start',
  receipts_after_cancel: 'nothing: fires on a cancel, the seed cancels no receipt',
  webhook_receipt_cancelled: 'nothing: fires on a cancel',
  receipts_count_deleted: 'nothing: fires on a deletion, the seed deletes no receipt',
  buyer_points_totals_added: 'buyer_points_totals: a step of the seed',
  buyer_points_totals_moved: 'nothing: fires on an update, the seed inserts the balances',
  points_expiring_days_added: 'points_expiring_days: a step of the seed',
  points_expiring_days_moved: 'nothing: fires on an update, the seed inserts the lots',
  points_ledger_no_update_or_delete: 'nothing: refuses updates and deletions, the seed only inserts ledger rows',
  buyer_birthday_outsiders_given: 'buyer_birthday_outsiders: a step of the seed',
  buyer_birthday_outsiders_moved: 'nothing: fires on a changed month, the seed inserts the birthdays',
  buyer_birthday_outsiders_bought: 'buyer_birthday_outsiders: a step of the seed, after the statistics and balances',
  buyer_birthday_outsiders_credited: 'buyer_birthday_outsiders: a step of the seed, after the statistics and balances',
  buyer_points_only_credited: 'buyer_points_only: a step of the seed, after the statistics and balances',
  buyer_points_birthday_month: "buyer_points.birthday_month: the balances' step, from the birthdays written before it",
  buyer_points_birthday_given: "buyer_points.birthday_month: the balances' step, from the birthdays written before it",
  buyer_points_birthday_moved: 'nothing: fires on a changed month, the seed inserts the birthdays',
  buyer_points_only_bought: 'buyer_points_only: a step of the seed, after the statistics and balances',
  buyer_stats_birthday_month: "buyer_stats.birthday_month: the statistics' step, from the birthdays written before it",
  buyer_stats_birthday_given: "buyer_stats.birthday_month: the statistics' step, from the birthdays written before it",
  buyer_stats_birthday_moved: 'nothing: fires on a changed month, the seed inserts the birthdays',
  referral_inviter_rewards_added: 'referral_inviter_rewards: a step of the seed, after the invitations',
  referral_inviter_rewards_moved: 'nothing: fires on a changed invitation, the seed inserts them',
  referral_inviter_rewards_removed: 'nothing: fires on a deletion, the seed deletes no invitation',
};

/** The seed, in SQL (one action, its shoppers, receipts, points, functions' rows), as the app's own code would have written it. */
function seedSql(sizes: Sizes, ids: { sellerId: number; projectId: number; drawId: number }, seededAt: Date): SeedStep[] {
  const { shoppers: n, receipts: r, dueLots, holds } = sizes;
  const { sellerId: u, projectId: p, drawId } = ids;
  const days = calendar(seededAt);
  const t0 = `'${seededAt.toISOString()}'::timestamptz`;
  const ts = (date: Date) => `'${date.toISOString()}'::timestamptz`;
  const shopper = (g: string) => `CASE WHEN ${g} > ${r} THEN '${HEAVY_TG}' ELSE (${FIRST_TG} + ${g} % ${n})::text END`;
  // Receipt g (1 … r) is ever older: the newest n are one per shopper (the draw's window, below).
  const scanned = (g: string) =>
    `CASE WHEN ${g} > ${r} THEN ${t0} - interval '100 days' - make_interval(secs => (${g} - ${r}) * 1800)
          ELSE ${t0} - make_interval(secs => ${g}::double precision * ${SPAN_DAYS * DAY_S} / ${r}) END`;
  // Shoppers spend 1 000–1 900 ₽ a receipt by the last digit of their number: the segment «from 19 000 ₽» is a tenth.
  const kopecks = (g: string) => `(100000 + ((${g} % ${n}) % 10) * 10000)`;
  // Every second receipt earns 10 points: the first `holds` of them are still held, then `dueLots` expire on day X, the rest over the next year.
  const credit = `CASE WHEN g % 2 = 0 OR g > ${r} THEN 10 ELSE 0 END`;
  const rank = `(g + 1) / 2`;
  // Every receipt has one counted item, of 40 names.
  const itemName = (id: string) => `'Товар ' || (${id} % 40)`;
  const step = (table: string, sql: string): SeedStep => ({ table, sql });
  return [
    step(
      'projects',
      `UPDATE projects SET points_lifetime_days = 365, expiry_reminder_days = 7, points_hold_days = 14,
              levels = '[{"name":"Серебро","min_kopecks":1200000,"points_percentage":2},{"name":"Золото","min_kopecks":1700000,"points_percentage":3}]'
        WHERE id = ${p}`,
    ),
    step(
      'receipts',
      `INSERT INTO receipts (user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, fn, fd, fp, issued_at,
                             total_kopecks, status, message, points_awarded, counted_kopecks, fee_kopecks, scanned_at)
       SELECT ${u}, ${p}, 'Масштаб', '{072196655529}', ${shopper('g')}, 'seed', '9999000000000045', g::text, g::text, ${scanned('g')},
              ${kopecks('g')}, 'success', 'seed', ${credit}, ${kopecks('g')}, 0, ${scanned('g')}
         FROM generate_series(1, ${r + HEAVY_RECEIPTS}) AS g`,
    ),
    // What receipts_after_insert() counts for the history (its statement over the seeded rows).
    step(
      'receipt_counts',
      `INSERT INTO receipt_counts (user_id, project_id, receipts)
       SELECT user_id, coalesce(project_id, 0), count(*) FROM receipts WHERE project_id = ${p} GROUP BY 1, 2
       ON CONFLICT (user_id, project_id) DO UPDATE SET receipts = receipt_counts.receipts + EXCLUDED.receipts`,
    ),
    step(
      'receipt_items',
      `INSERT INTO receipt_items (receipt_id, position, name, price_kopecks, quantity, sum_kopecks, provider_inn, status)
       SELECT id, 0, ${itemName('id')}, total_kopecks, 1, total_kopecks, '072196655529', 'counted' FROM receipts WHERE project_id = ${p}`,
    ),
    // What receipt_items_after_insert() records for the segment «купил товар, содержащий …»: the
    // action's names and who bought each, read from the receipts the items were written from
    // (joining 10 M items to 10 M receipts cost more than the rest of the seed).
    step(
      'action_item_names',
      `INSERT INTO action_item_names (project_id, name)
       SELECT ${p}, name FROM (SELECT DISTINCT ${itemName('id')} AS name FROM receipts WHERE project_id = ${p}) AS names ORDER BY name`,
    ),
    step(
      'buyer_item_names',
      `INSERT INTO buyer_item_names (name_id, buyer_tg_id)
       SELECT n.id, bought.buyer_tg_id
         FROM (SELECT buyer_tg_id, ${itemName('id')} AS name FROM receipts WHERE project_id = ${p} GROUP BY 1, 2) AS bought
         JOIN action_item_names n ON n.project_id = ${p} AND n.name = bought.name`,
    ),
    step(
      'points_ledger',
      `INSERT INTO points_ledger (project_id, buyer_tg_id, delta, held_delta, reason, reference, created_at, kind, actor, expires_at)
       SELECT ${p}, buyer_tg_id, CASE WHEN held THEN 0 ELSE 10 END, CASE WHEN held THEN 10 ELSE 0 END, 'Чек', 'receipt:' || id, scanned_at,
              'receipt', 'system',
              CASE WHEN held THEN NULL
                   WHEN g <= ${r} AND ${rank} <= ${holds + dueLots} THEN ${ts(days.dueDay)}
                   ELSE ${ts(days.spreadFrom)} + make_interval(days => (${rank} % 335)::int) END
         FROM (SELECT id, buyer_tg_id, scanned_at, fd::int AS g, fd::int <= ${r} AND (fd::int + 1) / 2 <= ${holds} AS held
                 FROM receipts WHERE project_id = ${p} AND points_awarded > 0) AS s`,
    ),
    // The heavy shopper's other 10 000 movements: the seller's manual credits.
    step(
      'points_ledger',
      `INSERT INTO points_ledger (project_id, buyer_tg_id, delta, held_delta, reason, reference, created_at, kind, actor)
       SELECT ${p}, '${HEAVY_TG}', 1, 0, 'Вручную', 'manual:bench:' || g, ${t0} - make_interval(secs => g * 600), 'manual', 'seller'
         FROM generate_series(1, ${HEAVY_RECEIPTS}) AS g`,
    ),
    step(
      'points_lots',
      `INSERT INTO points_lots (ledger_id, project_id, buyer_tg_id, expires_at, remaining)
       SELECT id, project_id, buyer_tg_id, expires_at, delta FROM points_ledger WHERE project_id = ${p} AND expires_at IS NOT NULL`,
    ),
    step(
      'points_holds',
      `INSERT INTO points_holds (ledger_id, project_id, buyer_tg_id, receipt_id, release_at, remaining, counted_kopecks)
       SELECT l.id, l.project_id, l.buyer_tg_id, rc.id, ${ts(days.releaseDay)}, l.held_delta, rc.counted_kopecks
         FROM points_ledger l JOIN receipts rc ON rc.id = substr(l.reference, 9)::bigint
        WHERE l.project_id = ${p} AND l.held_delta > 0`,
    ),
    // Birthdays spread over the year (n / 365 a day), given long before (before the balances and the statistics, which carry the month).
    step(
      'buyer_birthdays',
      `INSERT INTO buyer_birthdays (project_id, buyer_tg_id, month, day, given_at)
       SELECT ${p}, (${FIRST_TG} + g)::text, extract(month FROM d)::smallint, extract(day FROM d)::smallint, ${t0} - interval '400 days'
         FROM (SELECT g, date '2001-01-01' + (g % 365) AS d FROM generate_series(0, ${n - 1}) AS g) AS b`,
    ),
    step(
      'buyer_points',
      `INSERT INTO buyer_points (project_id, buyer_tg_id, balance, held, birthday_month)
       SELECT l.project_id, l.buyer_tg_id, l.balance, l.held, b.month
         FROM (SELECT project_id, buyer_tg_id, sum(delta) AS balance, sum(held_delta) AS held FROM points_ledger WHERE project_id = ${p} GROUP BY 1, 2) AS l
         LEFT JOIN buyer_birthdays b ON b.project_id = l.project_id AND b.buyer_tg_id = l.buyer_tg_id`,
    ),
    // What buyer_points_totals_changed() appends for those rows, folded into the action's one row.
    step(
      'buyer_points_totals',
      `INSERT INTO buyer_points_totals (project_id, balance, held)
       SELECT project_id, sum(balance), sum(held) FROM buyer_points WHERE project_id = ${p} GROUP BY 1`,
    ),
    // What points_expiring_days_changed() appends for the lots, folded into a row per day of expiry.
    step(
      'points_expiring_days',
      `INSERT INTO points_expiring_days (project_id, expiry_day, points)
       SELECT project_id, analytics_day(expires_at), sum(remaining) FROM points_lots WHERE project_id = ${p} AND remaining > 0 GROUP BY 1, 2`,
    ),
    step(
      'buyer_stats',
      `INSERT INTO buyer_stats (user_id, project_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at, held_kopecks, birthday_month)
       SELECT ${u}, ${p}, st.buyer_tg_id, st.receipts, st.spent, st.last_at, st.held, b.month
         FROM (SELECT rc.buyer_tg_id, count(*) AS receipts, sum(rc.counted_kopecks) AS spent, max(rc.issued_at) AS last_at,
                      coalesce(sum(h.counted_kopecks), 0) AS held
                 FROM receipts rc LEFT JOIN points_holds h ON h.receipt_id = rc.id
                WHERE rc.project_id = ${p} GROUP BY rc.buyer_tg_id) AS st
         LEFT JOIN buyer_birthdays b ON b.project_id = ${p} AND b.buyer_tg_id = st.buyer_tg_id`,
    ),
    step(
      'seller_buyers',
      `INSERT INTO seller_buyers (user_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at)
       SELECT user_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at FROM buyer_stats WHERE project_id = ${p}`,
    ),
    step(
      'buyer_summaries',
      `INSERT INTO buyer_summaries (user_id, project_id, buyers, successful_receipts, total_kopecks)
       SELECT ${u}, x.project_id, count(*), sum(successful_receipts), sum(total_kopecks)
         FROM buyer_stats, (VALUES (${p}), (0)) AS x(project_id) WHERE buyer_stats.project_id = ${p} GROUP BY x.project_id
       ON CONFLICT (user_id, project_id) DO UPDATE
          SET buyers = EXCLUDED.buyers, successful_receipts = EXCLUDED.successful_receipts, total_kopecks = EXCLUDED.total_kopecks`,
    ),
    step(
      'users',
      `UPDATE users SET scanned_receipts = (SELECT count(*) FROM receipts WHERE user_id = ${u} AND status = 'success') WHERE id = ${u}`,
    ),
    step(
      'telegram_buyers',
      `INSERT INTO telegram_buyers (buyer_tg_id, first_name, username)
       SELECT (${FIRST_TG} + g)::text, 'Покупатель ' || g, 'shopper' || g FROM generate_series(0, ${n - 1}) AS g
       ON CONFLICT DO NOTHING`,
    ),
    // What the birthdays' triggers keep: those given by someone with neither a purchase nor points (none here).
    step(
      'buyer_birthday_outsiders',
      `INSERT INTO buyer_birthday_outsiders (project_id, buyer_tg_id, month)
       SELECT b.project_id, b.buyer_tg_id, b.month FROM buyer_birthdays b
        WHERE b.project_id = ${p}
          AND NOT EXISTS (SELECT 1 FROM buyer_stats s WHERE s.project_id = b.project_id AND s.buyer_tg_id = b.buyer_tg_id)
          AND NOT EXISTS (SELECT 1 FROM buyer_points bp WHERE bp.project_id = b.project_id AND bp.buyer_tg_id = b.buyer_tg_id)`,
    ),
    // What the balances' triggers keep: the shoppers with points and no purchase (none here: points come from receipts).
    step(
      'buyer_points_only',
      `INSERT INTO buyer_points_only (project_id, buyer_tg_id)
       SELECT bp.project_id, bp.buyer_tg_id FROM buyer_points bp
        WHERE bp.project_id = ${p}
          AND NOT EXISTS (SELECT 1 FROM buyer_stats s WHERE s.project_id = bp.project_id AND s.buyer_tg_id = bp.buyer_tg_id)`,
    ),
    // One invitation per shopper (as a friend), a tenth of the shoppers inviting ten each; a third rewarded.
    step(
      'referral_codes',
      `INSERT INTO referral_codes (project_id, buyer_tg_id, code, created_at)
       SELECT ${p}, (${FIRST_TG} + g)::text, 'bench' || g, ${t0} - interval '500 days' FROM generate_series(0, ${Math.ceil(n / 10) - 1}) AS g`,
    ),
    step(
      'referral_invitations',
      `INSERT INTO referral_invitations (project_id, inviter_tg_id, friend_tg_id, status, refusal, source_update, joined_at, decided_at)
       SELECT ${p}, (${FIRST_TG} + g % ${Math.ceil(n / 10)})::text, (${FIRST_TG} + g)::text,
              CASE WHEN g % 3 = 0 THEN 'rewarded' ELSE 'joined' END, NULL, 'bench:' || g, ${t0} - interval '400 days',
              CASE WHEN g % 3 = 0 THEN ${t0} - interval '390 days' END
         FROM generate_series(${Math.ceil(n / 10)}, ${n - 1}) AS g`,
    ),
    // What the invitations' triggers keep: each inviter's rewarded invitations (every inviter a shopper here).
    step(
      'referral_inviter_rewards',
      `INSERT INTO referral_inviter_rewards (project_id, inviter_tg_id, rewarded, shopper)
       SELECT project_id, inviter_tg_id, count(*), true FROM referral_invitations
        WHERE project_id = ${p} AND status = 'rewarded' GROUP BY project_id, inviter_tg_id`,
    ),
    // The support inbox: one open thread per shopper at most, the rest closed; two messages each. The
    // newest is two days old: the seller was told of the waiting ones then (the support-waiting job looks back a day).
    step(
      'support_threads',
      `INSERT INTO support_threads (project_id, buyer_tg_id, status, last_author, created_at, last_message_at, closed_at)
       SELECT ${p}, (${FIRST_TG} + g % ${n})::text, CASE WHEN g < ${n} AND g % 4 = 0 THEN 'open' ELSE 'closed' END,
              CASE WHEN g < ${n} AND g % 4 = 0 THEN 'shopper' ELSE 'seller' END,
              ${t0} - interval '2 days' - make_interval(secs => g * 60 + 30), ${t0} - interval '2 days' - make_interval(secs => g * 60),
              CASE WHEN g < ${n} AND g % 4 = 0 THEN NULL ELSE ${t0} - interval '2 days' - make_interval(secs => g * 60) END
         FROM generate_series(0, ${SUPPORT_THREADS - 1}) AS g`,
    ),
    // A shopper's message carries the Telegram update it came in.
    step(
      'support_messages',
      `INSERT INTO support_messages (thread_id, author, text, update_id, created_at)
       SELECT t.id, a.author, CASE a.author WHEN 'shopper' THEN 'Где мои баллы?' ELSE 'Начислены, проверьте.' END,
              CASE a.author WHEN 'shopper' THEN t.id END, t.created_at
         FROM support_threads t, (VALUES ('shopper'), ('seller')) AS a(author)
        WHERE t.project_id = ${p} AND (a.author = 'shopper' OR t.status = 'closed')`,
    ),
    step(
      'moderation_items',
      `INSERT INTO moderation_items (project_id, buyer_tg_id, kind, comment, image, image_type, image_sha256, status, reason, points, created_at, decided_at)
       SELECT ${p}, (${FIRST_TG} + g % ${n})::text, CASE WHEN g % 2 = 0 THEN 'review' ELSE 'photo' END, 'Отзыв ' || g,
              '\\x89504e470d0a1a0a'::bytea, 'image/png', md5(g::text), CASE g % 4 WHEN 0 THEN 'pending' WHEN 1 THEN 'rejected' ELSE 'approved' END,
              CASE WHEN g % 4 = 1 THEN 'Не видно товара' END, NULL, ${t0} - make_interval(secs => g * 90),
              CASE WHEN g % 4 <> 0 THEN ${t0} - make_interval(secs => g * 90 - 60) END
         FROM generate_series(0, ${MODERATION_ITEMS - 1}) AS g`,
    ),
    // The draw's window holds the newest n receipts: one ticket per shopper.
    step(
      'draws',
      `UPDATE draws SET created_at = ${t0} - make_interval(secs => ${n}::double precision * ${SPAN_DAYS * DAY_S} / ${r}) WHERE id = ${drawId}`,
    ),
    // The open draw keeps its shoppers so far (it did from its creation), as the awards write them.
    step(
      'draw_entrants',
      `INSERT INTO draw_entrants (draw_id, buyer_tg_id, tickets)
       SELECT d.id, r.buyer_tg_id, count(*)
         FROM draws d JOIN receipts r ON r.project_id = d.project_id AND r.status = 'success' AND r.scanned_at >= d.created_at
          AND r.scanned_at < d.closes_at AND (r.cancelled_at IS NULL OR r.cancelled_at >= d.closes_at)
        WHERE d.id = ${drawId}
        GROUP BY d.id, r.buyer_tg_id`,
    ),
    // The scheduled mailing to the shoppers spending 1 900 ₽ a receipt: a tenth of them.
    step(
      'segments',
      `INSERT INTO segments (project_id, name, conditions, created_at, updated_at)
       VALUES (${p}, 'Рассылка', '{"total_min": 19000}', ${t0}, ${t0})`,
    ),
    step(
      'mailing_schedules',
      `INSERT INTO mailing_schedules (user_id, project_id, text, chat_ids, segment_id, first_run_at, next_run_at)
       SELECT ${u}, ${p}, 'Бенчмарк', '{}', id, ${ts(days.mailingAt)}, ${ts(days.mailingAt)} FROM segments WHERE project_id = ${p} AND name = 'Рассылка'`,
    ),
  ];
}

/**
 * Writes the seed on one connection and answers each part's wall seconds (a table's rows, its
 * indexes, the foreign keys' check, the vacuum): the session set for a bulk load, the triggers off
 * (SEED_TRIGGERS), the bulk tables' secondary indexes built after their rows, each foreign key of
 * the written tables checked once by an anti-join, then VACUUM (ANALYZE). Each part's line, with
 * the CPU its PostgreSQL backend spent (the wall time at a load of 20 is mostly the queue for a
 * core), is printed as it ends.
 */
async function writeSeed(db: Database, steps: SeedStep[]): Promise<[string, number][]> {
  const seconds = new Map<string, number>();
  const [backend] = db.kind === 'postgres' ? await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid') : [];
  const timed = async (part: string, sql: string) => {
    const cpu = backend && backendCpuSeconds(backend.pid);
    const started = performance.now();
    const [answer] = await db.query<{ orphans?: number }>(sql);
    const wall = (performance.now() - started) / 1000;
    seconds.set(part, (seconds.get(part) ?? 0) + wall);
    const cpuNote = backend ? `, backend CPU ${(backendCpuSeconds(backend.pid) - cpu!).toFixed(1)} s` : '';
    console.log(`seed: ${part} ${wall.toFixed(1)} s${cpuNote}`);
    return answer;
  };
  const regclasses = (tables: string[]) => `ARRAY[${tables.map((table) => `'${table}'`).join(', ')}]::regclass[]`;
  const written = regclasses([...new Set(steps.map((step) => step.table))]);
  const triggers = await db.query<{ name: string; table: string }>(
    `SELECT tgname AS name, tgrelid::regclass::text AS table FROM pg_trigger WHERE NOT tgisinternal AND tgrelid = ANY (${written})`,
  );
  const unknown = triggers.filter((trigger) => !(trigger.name in SEED_TRIGGERS));
  if (unknown.length > 0)
    throw new Error(
      `the seed runs without triggers and does not write what these would: ${unknown.map((t) => `${t.name} on ${t.table}`).join(', ')} (bench/scale.ts, SEED_TRIGGERS)`,
    );
  // The indexes no constraint stands on (a primary key, a unique constraint, a foreign key's target).
  const indexes = await db.query<{ name: string; table: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, i.indrelid::regclass::text AS table, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = ANY (${regclasses(BULK_TABLES)})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  );
  await db.query(`SET maintenance_work_mem = '512MB'`);
  await db.query(`SET work_mem = '256MB'`);
  await db.query('SET session_replication_role = replica');
  for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);
  for (const step of steps) await timed(step.table, step.sql);
  await db.query('SET session_replication_role = DEFAULT');
  for (const index of indexes) await timed(`${index.table} indexes`, index.definition);
  const foreignKeys = await db.query<{ name: string; table: string; probe: string }>(
    `SELECT c.conname AS name, c.conrelid::regclass::text AS table,
            format('SELECT count(*)::int AS orphans FROM %s AS child WHERE %s AND NOT EXISTS (SELECT 1 FROM %s AS parent WHERE %s)',
                   c.conrelid::regclass,
                   (SELECT string_agg(format('child.%I IS NOT NULL', a.attname), ' AND ') FROM unnest(c.conkey) AS k(n)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n),
                   c.confrelid::regclass,
                   (SELECT string_agg(format('parent.%I = child.%I', pa.attname, ca.attname), ' AND ')
                      FROM unnest(c.conkey, c.confkey) AS k(child_column, parent_column)
                      JOIN pg_attribute ca ON ca.attrelid = c.conrelid AND ca.attnum = k.child_column
                      JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = k.parent_column)) AS probe
       FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid = ANY (${written})`,
  );
  for (const foreignKey of foreignKeys) {
    const { orphans } = (await timed('foreign keys', foreignKey.probe))!;
    if (orphans) throw new Error(`the seed broke ${foreignKey.name}: ${orphans} rows of ${foreignKey.table} without their parent`);
  }
  // The analytics the catch-up would have made of these receipts, by the operator's rebuild (its
  // triggers on: it keeps the payoff's cohort counts), so `admin verify` finds them as the app leaves them.
  await timed('analytics_rebuild()', 'SELECT analytics_rebuild()');
  await timed('VACUUM (ANALYZE)', 'VACUUM (ANALYZE)');
  return [...seconds];
}

/**
 * One request that may take as long as its work does. fetch gives up after 300 s without the
 * answer's headers, and a job run by a move of the clock, or verify, at a million rows on a loaded
 * machine can take longer: the row then says how long it took against its goal instead of the run
 * ending without the rows after it.
 */
function unhurried(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: init.method ?? 'GET', headers: init.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(init.body);
  });
}

/** The user and system CPU a process has used (/proc/<pid>/stat, in USER_HZ ticks: 100 a second on Linux). */
function backendCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The plans of what one call ran, on PostgreSQL: auto_explain (EXPLAIN ANALYZE, BUFFERS) is
 * switched on for the server's connections around the call only, and its lines are read from the
 * cluster's log. The job queue's own polling is left out.
 */
class PlanLog {
  private readonly file: string;
  constructor(
    private readonly adminUrl: string,
    dataDirectory: string,
  ) {
    this.file = path.join(path.dirname(dataDirectory), 'server.log');
  }

  static async open(databaseUrl: string): Promise<PlanLog> {
    const db = await openDatabase({ databaseUrl, dataDir: '', poolSize: 1 });
    await db.query(`ALTER SYSTEM SET session_preload_libraries = 'auto_explain'`);
    await db.query('SELECT pg_reload_conf()');
    const [row] = await db.query<{ setting: string }>(`SELECT setting FROM pg_settings WHERE name = 'data_directory'`);
    await db.close();
    return new PlanLog(databaseUrl, row!.setting);
  }

  private psql(sql: string): void {
    execFileSync('psql', [this.adminUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
  }

  /**
   * The statements of `work` that took `minMs` or more, the slowest first (at most `keep`): a call's
   * own query, not the session lookup beside it.
   */
  async plansOf(work: () => Promise<void>, { minMs = 1, keep = 3, analyze = true } = {}): Promise<string> {
    const from = statSync(this.file).size;
    for (const [name, value] of [
      ['log_min_duration', String(minMs)],
      ['log_analyze', analyze ? 'on' : 'off'],
      ['log_buffers', analyze ? 'on' : 'off'],
    ])
      this.psql(`ALTER SYSTEM SET auto_explain.${name} = '${value}'`);
    this.psql('SELECT pg_reload_conf()');
    // The server's pooled connections re-read the configuration before their next statement.
    await new Promise((resolve) => setTimeout(resolve, 200));
    try {
      await work();
    } finally {
      this.psql('ALTER SYSTEM RESET auto_explain.log_min_duration');
      this.psql('SELECT pg_reload_conf()');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const text = readFileSync(this.file, 'utf8').slice(from);
    const entries = text
      .split(/\n(?=\S.*LOG: {2}duration: )/)
      .filter((entry) => entry.includes('Query Text:') && !/pgboss|pg_reload_conf|ALTER SYSTEM/.test(entry))
      .map((entry) => entry.replace(/^.*LOG: {2}/, '').replace(/\n\S.*LOG: [\s\S]*$/, ''));
    const ms = (entry: string) => Number(/^duration: ([\d.]+) ms/.exec(entry)?.[1] ?? 0);
    const slowest = entries.sort((a, b) => ms(b) - ms(a));
    const shown = slowest.slice(0, keep).join('\n');
    return slowest.length > keep
      ? `${shown}\n(${slowest.length - keep} faster statements not shown)`
      : shown || `(no statement took ${minMs} ms)`;
  }
}

async function measure(database: 'PGlite' | 'PostgreSQL 15', databaseUrl: string | undefined, scale: number): Promise<Row[]> {
  const sizes = sizesAt(scale);
  const rows: Row[] = [];
  const push = (scenario: string, value: string, goal: string, met: boolean | undefined) => {
    const row = {
      scenario: `${scenario} (goal ${goal})`,
      database,
      value: `${value}${met === undefined ? '' : met ? ' — **met**' : ' — **not met**'}`,
    };
    console.log(`${row.database} | ${row.scenario} | ${row.value}`);
    rows.push(row);
  };
  const plans: string[] = [];
  // The product's batch of a segment's recipients (5 000), not the tests' 2 (server-process.ts).
  const env: Record<string, string> = {
    TRUST_PROXY: 'false',
    LOG_LEVEL: 'error',
    MAILING_SEGMENT_BATCH: '5000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const planLog = databaseUrl ? await PlanLog.open(databaseUrl) : undefined;

  let server: RunningServer = await startBenchServer(env, { entry: BUILT_SERVER });
  const dataDir = server.dataDir;
  try {
    const idle = await settledRssMiB(server.process.pid!);
    const idleGoal = databaseUrl ? 200 : 400;
    push('idle memory (RSS) of a new server, once settled', `${idle} MiB`, `< ${idleGoal} MiB`, idle < idleGoal);

    const seller = await createFundedSeller(server.url, 100_000);
    // An action without a bot: the notices the jobs queue are closed at once as undeliverable, so each
    // row below is the job's own work, not Telegram's 30 messages a second (the mailing bench's figure).
    const project = await seller.api.post('/projects', { name: 'Масштаб', project_inns: '072196655529' });
    if (project.status !== 201 && project.status !== 200) throw new Error(project.text);
    const projectId = project.body.project_id as number;
    const draw = await seller.api.post('/draws', {
      project_id: projectId,
      title: 'Розыгрыш',
      winners: 10,
      closes_at: new Date(Date.now() + 60 * DAY_S * 1000).toISOString(),
    });
    if (draw.status !== 201) throw new Error(draw.text);
    const drawId = draw.body.draw.id as number;

    // PGlite belongs to one process: seeded with the server stopped.
    if (!databaseUrl) await stopKeepingData(server);
    const seededAt = new Date();
    const seeding = performance.now();
    const db = await openDatabase({ databaseUrl, dataDir: server.dataDir, poolSize: 1 });
    const tableSeconds = await writeSeed(db, seedSql(sizes, { sellerId: seller.id, projectId, drawId }, seededAt));
    // Where a page deep in each list begins, as the previous page's `next_cursor` would say it.
    const [deepThread] = await db.query<{ at: string; id: string }>(
      `SELECT last_message_at::text AS at, id FROM support_threads WHERE project_id = $1
        ORDER BY last_message_at DESC, id DESC OFFSET ${DEEP_THREAD} LIMIT 1`,
      [projectId],
    );
    const [deepItem] = await db.query<{ at: string; id: string }>(
      `SELECT decided_at::text AS at, id FROM moderation_items WHERE project_id = $1 AND status <> 'pending'
        ORDER BY decided_at DESC, id DESC OFFSET ${DEEP_ITEM} LIMIT 1`,
      [projectId],
    );
    const deepThreadCursor = encodeCursor([deepThread!.at, Number(deepThread!.id)]);
    const deepItemCursor = encodeCursor(['decided', deepItem!.at, Number(deepItem!.id)]);
    const [counts] = await db.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM receipts) AS receipts, (SELECT count(*) FROM points_ledger) AS ledger, (SELECT count(*) FROM points_lots) AS lots,
              (SELECT count(*) FROM referral_invitations) AS referrals, (SELECT count(*) FROM buyer_stats) AS shoppers`,
    );
    await db.close();
    const seedS = Math.round((performance.now() - seeding) / 1000);
    push(
      `seeding (SQL): ${fmt(counts!.shoppers)} shoppers, ${fmt(counts!.receipts)} receipts over two years, ${fmt(counts!.ledger)} ledger rows, ${fmt(counts!.lots)} lots, ${fmt(counts!.referrals)} referrals, ${fmt(SUPPORT_THREADS)} support threads, ${fmt(MODERATION_ITEMS)} moderation items, draw of ${fmt(sizes.shoppers)} tickets`,
      `${seedS} s (${tableSeconds.map(([table, seconds]) => `${table} ${seconds.toFixed(1)}`).join(', ')})`,
      '—',
      undefined,
    );
    if (!databaseUrl) {
      server = await startBenchServer(env, { keepDataDir: server.dataDir, entry: BUILT_SERVER });
      // PGlite reads its files through the host's file system (Emscripten's NODEFS, no mapping): what
      // a seller on the embedded database needs at rest at this size, apart from the page cache.
      const seeded = await settledRssMiB(server.process.pid!);
      push('idle memory (RSS) of the server started on the seeded database, once settled', `${seeded} MiB`, '< 400 MiB', seeded < 400);
    }
    // The seller's calls go to the server now running (PGlite's restarted one has a port of its own).
    const cabinet = new ApiClient(server.url, undefined, seller.api.token);
    const pid = () => server.process.pid!;

    const call = (method: string, url: string, body?: unknown) => async () => {
      const response = await fetch(`${server.url}/lk/api${url}`, {
        method,
        headers: {
          authorization: `Bearer ${cabinet.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    const timed = async (scenario: string, work: () => Promise<void>, goalMs: number, plan?: { minMs: number; keep: number }) => {
      await work(); // warm-up
      if (planLog) plans.push(`### ${scenario}\n${await planLog.plansOf(work, plan)}`);
      const { median, p95 } = await timeIt(RUNS, work);
      push(scenario, `median ${median} ms, p95 ${p95} ms`, `p95 ≤ ${goalMs} ms`, p95 <= goalMs);
    };
    /**
     * Wall time and the server's RSS (sampled every 25 ms) of one piece of work, judged on both: its
     * time against `goalS`, and "memory flat" as a peak at most FLAT_MIB above the RSS before it.
     */
    const heavy = async (scenario: string, work: () => Promise<void>, goalS: number) => {
      const before = rssMiB(pid());
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid()))), 25);
      const started = performance.now();
      try {
        // The job's statements of 20 ms or more, with their plans (no ANALYZE: it would slow every statement of the run).
        if (planLog) plans.push(`### ${scenario}\n${await planLog.plansOf(work, { minMs: 20, analyze: false })}`);
        else await work();
      } catch (error) {
        console.error(server.output().slice(-4000));
        throw error;
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      const grew = peak - before;
      push(
        scenario,
        `${seconds.toFixed(1)} s; server RSS ${before} MiB before, peak ${peak} MiB (+${grew})`,
        `≤ ${goalS} s, memory flat: peak ≤ before + ${FLAT_MIB} MiB`,
        seconds <= goalS && grew <= FLAT_MIB,
      );
    };
    const clockTo = (at: Date) => async () => {
      const state = (await (await fetch(`${server.url}/__emulators/clock`)).json()) as { now: string };
      const seconds = Math.ceil((at.getTime() - Date.parse(state.now)) / 1000);
      const answer = await unhurried(`${server.url}/__emulators/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance_seconds: Math.max(1, seconds) }),
      });
      if (answer.status !== 200) throw new Error(`clock: ${answer.status} ${answer.text}`);
    };

    /**
     * A mailing sent now to every shopper of the action: the request writes one batch and answers;
     * the job writes the rest, a batch a transaction, then the mailing is cancelled before its
     * sends matter. The action gets its bot only here: the jobs above close their notices at once.
     */
    const immediateMailing = async () => {
      const bot = await cabinet.request('PUT', `/projects/${projectId}`, { body: { telegram_bot_token: newBotToken().token } });
      if (bot.status !== 200) throw new Error(bot.text);
      const everyone = await cabinet.post('/segments', { project_id: projectId, name: 'Все покупатели', conditions: {} });
      if (everyone.status !== 201) throw new Error(everyone.text);
      let mailingId = 0;
      let requestMs = 0;
      await heavy(
        `mailing sent now to a segment of ${fmt(everyone.body.segment.count)} shoppers: the request, then the job writing its recipients`,
        async () => {
          const started = performance.now();
          const sent = await cabinet.post('/mailing/send', {
            project_id: projectId,
            segment_id: everyone.body.segment.id,
            message: 'Бенчмарк',
          });
          requestMs = Math.round(performance.now() - started);
          if (sent.status !== 200) throw new Error(sent.text);
          mailingId = sent.body.id as number;
          for (let preparing = sent.body.preparing as boolean; preparing;) {
            await new Promise((resolve) => setTimeout(resolve, 200));
            preparing = (await cabinet.get(`/mailing/${mailingId}`)).body.mailing.preparing as boolean;
          }
        },
        60,
      );
      push(
        'the send request of that mailing (POST /mailing/send): one batch written, answered',
        `${requestMs} ms`,
        '≤ 1 000 ms',
        requestMs <= 1000,
      );
      const written = (await cabinet.get(`/mailing/${mailingId}`)).body.mailing as { total: number };
      push(
        "recipients the immediate mailing wrote, of the segment's live count",
        `${fmt(written.total)} of ${fmt(everyone.body.segment.count)}`,
        'all of them',
        written.total === everyone.body.segment.count,
      );
      await cabinet.post(`/mailing/${mailingId}/cancel`, {});
    };

    const days = calendar(seededAt);
    const owner = `user_id=${seller.id}`;
    // Every periodic job once with nothing due: what each move of the clock below costs besides its job.
    await heavy(
      'test clock: every periodic job once, nothing due (the floor of the rows below)',
      clockTo(new Date(Date.now() + 60_000)),
      60,
    );
    if (wants('reminders')) {
      await heavy(`expiry reminders for ${fmt(sizes.dueLots)} lots due on one day (test clock, all jobs)`, clockTo(days.remindAt), 60);
      if (databaseUrl) await noticesDelivery(databaseUrl, push);
    }
    if (wants('expiry'))
      await heavy(`expiry of ${fmt(sizes.dueLots)} lots due on one day (test clock, all jobs)`, clockTo(days.expireAt), 60);
    if (wants('holds'))
      await heavy(`hold release of one day: ${fmt(sizes.holds)} holds (test clock, all jobs)`, clockTo(days.releaseAt), 60);
    if (wants('birthdays')) {
      const features = await cabinet.request('PUT', `/projects/${projectId}/features`, {
        body: { birthday: { enabled: true, points: 100, min_days_known: 30 } },
      });
      if (features.status !== 200) throw new Error(features.text);
      await heavy(
        `birthdays of one day: ${fmt(Math.round(sizes.shoppers / 365))} shoppers (test clock, all jobs)`,
        clockTo(days.birthdayAt),
        60,
      );
      await cabinet.request('PUT', `/projects/${projectId}/features`, { body: { birthday: { enabled: false } } });
    }

    if (wants('draw')) {
      // Before the close the draw has no list: its shoppers so far are the entrants the awards keep.
      if (wants('segments'))
        await timed(
          `segment «took part in the draw» while it is open, ${fmt(sizes.shoppers)} tickets so far: live count (POST /segments/preview)`,
          call('POST', '/segments/preview', { project_id: projectId, conditions: { took_part: { draw_id: drawId } } }),
          300,
          FAST_PLANS,
        );
      await heavy(`draw close with ${fmt(sizes.shoppers)} tickets (POST /draws/:id/close)`, call('POST', `/draws/${drawId}/close`, {}), 10);
      // The close wakes the closing job, which writes the list's holders before any winner is drawn.
      if (databaseUrl)
        await heavy(
          `the holders of its ${fmt(sizes.shoppers)} tickets, written by the closing job after the close's answer`,
          holdersWritten(databaseUrl, drawId),
          60,
        );
      await timed(
        `public page of the draw of ${fmt(sizes.shoppers)} tickets (GET /public/draws/:id)`,
        call('GET', `/public/draws/${drawId}`),
        200,
      );
      await timed(`the draw's tickets, first page (GET /public/draws/:id/tickets)`, call('GET', `/public/draws/${drawId}/tickets`), 200);
      await timed(
        `the draw's tickets, a page in the middle (GET /public/draws/:id/tickets?from=${Math.round(sizes.shoppers / 2)})`,
        call('GET', `/public/draws/${drawId}/tickets?from=${Math.round(sizes.shoppers / 2)}`),
        200,
      );
      await heavy(
        `the draw's whole list of ${fmt(sizes.shoppers)} tickets, streamed (GET /public/draws/:id/tickets.txt)`,
        call('GET', `/public/draws/${drawId}/tickets.txt`),
        60,
      );
    }

    const conditions: [string, Record<string, unknown>][] = [
      ['bought an item containing «Товар 7»', { item_contains: 'Товар 7' }],
      ['spent from 19 000 ₽', { total_min: 19_000 }],
      ['spent up to 11 000 ₽', { total_max: 11_000 }],
      ['bought within 30 days', { last_purchase_within_days: 30 }],
      ['not within 365 days', { last_purchase_not_within_days: 365 }],
      ['level «Золото»', { level: 'Золото' }],
      ['birthday in March', { birthday_month: 3 }],
      ['took part in the draw', { took_part: { draw_id: drawId } }],
      ['invited at least 3', { invited_min: 3 }],
      ['at least 100 points', { points_min: 100 }],
      [
        'four combined: from 15 000 ₽, within 365 days, birthday in March, at least 50 points',
        {
          total_min: 15_000,
          last_purchase_within_days: 365,
          birthday_month: 3,
          points_min: 50,
        },
      ],
    ];
    for (const [name, condition] of wants('segments') ? conditions : []) {
      await timed(
        `segment «${name}»: live count (POST /segments/preview)`,
        call('POST', '/segments/preview', { project_id: projectId, conditions: condition }),
        300,
        FAST_PLANS,
      );
      const saved = await cabinet.post('/segments', { project_id: projectId, name: name.slice(0, 80), conditions: condition });
      if (saved.status !== 201) throw new Error(saved.text);
      await timed(
        `segment «${name}»: first page of members`,
        call('GET', `/segments/${saved.body.segment.id}/buyers?page=1&${owner}`),
        300,
        FAST_PLANS,
      );
    }

    if (wants('card'))
      await timed(
        `buyer card of a shopper with ${fmt(HEAVY_RECEIPTS)} receipts and ${fmt(2 * HEAVY_RECEIPTS)} ledger rows (GET /buyers/:tg_id)`,
        call('GET', `/buyers/${HEAVY_TG}?project_id=${projectId}`),
        50,
        FAST_PLANS,
      );
    if (wants('support')) {
      await timed(
        `support inbox of ${fmt(SUPPORT_THREADS)} threads: first page (GET /support/threads)`,
        call('GET', `/support/threads?project_id=${projectId}`),
        50,
        FAST_PLANS,
      );
      await timed(
        `support inbox of ${fmt(SUPPORT_THREADS)} threads: a page after ${fmt(DEEP_THREAD)} threads (GET /support/threads?cursor=…)`,
        call('GET', `/support/threads?project_id=${projectId}&cursor=${deepThreadCursor}`),
        50,
        FAST_PLANS,
      );
      await timed(
        `support inbox of ${fmt(SUPPORT_THREADS)} threads: first page of all the seller's actions (GET /support/threads)`,
        call('GET', '/support/threads'),
        50,
        FAST_PLANS,
      );
    }
    if (wants('moderation')) {
      await timed(
        `moderation queue of ${fmt(MODERATION_ITEMS)} items: first page (GET /moderation)`,
        call('GET', `/moderation?project_id=${projectId}`),
        50,
        FAST_PLANS,
      );
      await timed(
        `moderation queue of ${fmt(MODERATION_ITEMS)} items: a page after ${fmt(DEEP_ITEM)} decided items (GET /moderation?cursor=…)`,
        call('GET', `/moderation?project_id=${projectId}&cursor=${deepItemCursor}`),
        50,
        FAST_PLANS,
      );
    }

    // Last: the mailing's delivery (failing for shoppers who never started the bot) goes on in the background.
    if (wants('mailing')) {
      await heavy(
        `scheduled mailing to a segment of ${fmt(sizes.shoppers / 10)} shoppers resolved into recipients (test clock, all jobs)`,
        clockTo(days.mailingAt),
        60,
      );
      // Every shopper of the segment written, none cut: the run's total is its rows, beside the live count.
      const [run] = (await cabinet.get('/mailing/history')).body.mailings as { id: number; total: number }[];
      const segment = ((await cabinet.get(`/segments?project_id=${projectId}`)).body.segments as { name: string; count: number }[]).find(
        (saved) => saved.name === 'Рассылка',
      );
      push(
        "recipients the scheduled run wrote, of the segment's live count",
        `${fmt(run?.total ?? 0)} of ${fmt(segment?.count ?? 0)}`,
        'all of them',
        run !== undefined && run.total === segment?.count,
      );
      if (run) await cabinet.post(`/mailing/${run.id}/cancel`, {});
      await immediateMailing();
    }
    if (wants('verify'))
      await heavy(
        'admin verify over the whole seed (GET /admin/verify, the call behind `npm run admin -- verify`)',
        async () => {
          const response = await unhurried(`${server.url}/lk/api/admin/verify`, { headers: { [ADMIN_TOKEN_HEADER]: TEST_ADMIN_TOKEN } });
          if (response.status !== 200) throw new Error(`verify: ${response.status} ${response.text}`);
          const body = JSON.parse(response.text) as { violations: { check: string; detail: string }[] };
          if (body.violations.length > 0) throw new Error(`verify found violations: ${JSON.stringify(body.violations.slice(0, 5))}`);
        },
        300,
      );
    // What the jobs above left behind, judged by the idle server's goal: what a job used is given back
    // once it ends, or the server carries its largest job's size for good (PGlite's WebAssembly memory
    // keeps its largest size, within the same goal of 400 MiB). Read once it has held still for 20 s:
    // V8 gives back what the rows used in steps over half a minute (report.ts, settledRssMiB).
    const rested = await settledRssMiB(pid(), { steadyMs: 20_000, maxMs: 90_000 });
    push('memory (RSS) of the server at rest after every row above, once settled', `${rested} MiB`, `< ${idleGoal} MiB`, rested < idleGoal);
  } finally {
    await server.stop();
    // A PGlite server restarted on the seeded folder leaves it in place.
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (plans.length > 0) console.log(`\n## plans (${database}, scale ${scale})\n\n${plans.join('\n\n')}`);
  return rows;
}

/**
 * The reminders' notices after the clock's move, apart from the job that queued them: the move sends
 * one batch of a backlog and the queue the rest (docs/decisions.md, "A drain job works in slices").
 * The bench's action has no bot, so this is how fast undeliverable notices are closed, not
 * Telegram's 30 messages a second.
 */
async function noticesDelivery(
  databaseUrl: string,
  push: (scenario: string, value: string, goal: string, met: boolean | undefined) => void,
) {
  const db = await openDatabase({ databaseUrl, dataDir: '', poolSize: 1 });
  try {
    const started = performance.now();
    const read = async () => {
      const [row] = await db.query<{ queued: string; open: string }>(
        `SELECT count(*) AS queued, count(*) FILTER (WHERE status = 'pending') AS open FROM buyer_notices WHERE reference LIKE 'expiry-reminder:%'`,
      );
      return { queued: Number(row!.queued), open: Number(row!.open) };
    };
    let state = await read();
    const openAtAnswer = state.open;
    while (state.open > 0) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = await read();
    }
    const seconds = (performance.now() - started) / 1000;
    push(
      `the reminders' ${fmt(state.queued)} notices closed after the clock's answer (an action without a bot: given up, not sent)`,
      `${fmt(openAtAnswer)} still open at the answer, all closed ${seconds.toFixed(1)} s later`,
      '—',
      undefined,
    );
  } finally {
    await db.close();
  }
}

/** Waits until the closing job has written the closed draw's holders (modules/draws/holders.ts). */
const holdersWritten = (databaseUrl: string, drawId: number) => async () => {
  const db = await openDatabase({ databaseUrl, dataDir: '', poolSize: 1 });
  try {
    const whole = async () =>
      (await db.query<{ whole: boolean }>('SELECT holders_through = tickets_count AS whole FROM draws WHERE id = $1', [drawId]))[0]?.whole;
    while (!(await whole())) await new Promise((resolve) => setTimeout(resolve, 250));
  } finally {
    await db.close();
  }
};

async function stopKeepingData(server: RunningServer): Promise<void> {
  server.process.kill('SIGTERM');
  await new Promise((resolve) => server.process.once('exit', resolve));
}

const fmt = (value: number | string | undefined) => Number(value ?? 0).toLocaleString('en');

export async function scaleBench(postgresUrl: (name: string) => string | undefined): Promise<string> {
  const rows: Row[] = [];
  // BENCH_SCALE_DATABASES=postgres or pglite: one of the two (the default, both).
  const only = process.env.BENCH_SCALE_DATABASES;
  const pg = only === 'pglite' ? undefined : postgresUrl('bench_scale');
  if (pg) rows.push(...(await measure('PostgreSQL 15', pg, SCALE)));
  else if (only !== 'pglite') console.warn('PostgreSQL binaries not found: the PostgreSQL rows are skipped');
  if (only !== 'postgres') rows.push(...(await measure('PGlite', undefined, PGLITE_SCALE)));
  return `${machineLine(
    `BENCH_SCALE=${SCALE} (${fmt(sizesAt(SCALE).shoppers)} shoppers, ${fmt(sizesAt(SCALE).receipts)} receipts on PostgreSQL; PGlite at ${PGLITE_SCALE}: ${fmt(sizesAt(PGLITE_SCALE).shoppers)} shoppers); load average ${loadAverage()}; ${RUNS} sequential requests per timed row over HTTP after one not counted.`,
  )}\n\n${table(rows)}`;
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
