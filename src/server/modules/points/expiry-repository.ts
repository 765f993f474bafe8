import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { TIME_ZONE } from '../../../contract/format.js';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { pointsLedger, pointsLots } from '../../db/schema.js';

/** Where a run of the expiry has got to: the last lot (by expiry, then id) of the previous batch. */
export interface DueLotCursor {
  expiresAt: Date;
  ledgerId: number;
}

/**
 * The next `limit` lots whose time has come with points left, after `after`, oldest expiry first
 * (the points_lots_due index, in that order: 0087), and when each was earned. Each batch starts where
 * the previous one stopped, so a lot left unexpired (its shopper's balance short of it) is not read
 * again and again. The query itself, awaited to read it: a test explains it.
 */
export function findDueLots(db: Executor, now: Date, limit: number, after: DueLotCursor | null) {
  return db
    .select({ ledgerId: pointsLots.ledgerId, expiresAt: pointsLots.expiresAt, earnedAt: pointsLedger.createdAt })
    .from(pointsLots)
    .innerJoin(pointsLedger, eq(pointsLedger.id, pointsLots.ledgerId))
    .where(
      and(
        lte(pointsLots.expiresAt, now),
        gt(pointsLots.remaining, 0),
        after
          ? sql`(${pointsLots.expiresAt}, ${pointsLots.ledgerId}) > (${after.expiresAt.toISOString()}::timestamptz, ${after.ledgerId}::bigint)`
          : undefined,
      ),
    )
    .orderBy(asc(pointsLots.expiresAt), asc(pointsLots.ledgerId))
    .limit(limit);
}

/**
 * db/functions/expire_lots.sql: expires the lots (each with its ledger row's reason), one
 * statement. Answers the points that expired and the lots skipped because another transaction
 * held their shopper (only when not `waitForLocks`).
 */
export async function expireLots(
  db: Executor,
  lots: readonly { ledgerId: number; reason: string }[],
  at: Date,
  waitForLocks: boolean,
): Promise<{ expired: number; skipped: number[] }> {
  const ids = `{${lots.map((lot) => lot.ledgerId).join(',')}}`;
  const reasons = JSON.stringify(lots.map((lot) => lot.reason));
  const result = await db.execute(sql`
    SELECT expired, skipped::text AS skipped
      FROM expire_lots(${ids}::bigint[],
                       ARRAY(SELECT r.reason FROM jsonb_array_elements_text(${reasons}::jsonb) WITH ORDINALITY AS r(reason, n) ORDER BY r.n),
                       ${at.toISOString()}::timestamptz, ${waitForLocks})`);
  const [row] = rowsOf<{ expired: number; skipped: string }>(result);
  const skipped = row?.skipped.slice(1, -1) ?? '';
  return { expired: Number(row?.expired ?? 0), skipped: skipped === '' ? [] : skipped.split(',').map(Number) };
}

/** Where a run of the reminders has got to: the last lot (by expiry, then id) that named a shopper. */
export interface ReminderCursor {
  expiresAt: string;
  ledgerId: number;
}

/**
 * Reminds the next shoppers, in one statement: the `batch` lots due a reminder next after `after`
 * (the points_lots_to_remind index in (expires_at, ledger_id) order, 0067: a batch reads its own
 * lots however many are due) name the shoppers, every lot of those shoppers due a reminder is
 * marked, so a shopper's lots of one day are never split between two batches (two reminders), and
 * one notice is queued for each shopper's lots of one action and one day (as the shopper reads
 * dates) with their points and expiry; its text is written when it is sent (0088), so the lots and
 * notices never pass through the server. A lot is due when it has points left, expires within its
 * action's reminder window and was not reminded; deleted actions and actions without reminders are
 * left out. Another instance marking the same lots meanwhile waits for this statement and then
 * finds them reminded. Answers the notices queued and where the next batch starts (null: nothing left).
 */
export async function queueNextReminders(
  db: Executor,
  now: Date,
  batch: number,
  after: ReminderCursor | null,
): Promise<{ queued: number; next: ReminderCursor | null }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = (lot: SQL) => sql`${lot}.remaining > 0 AND ${lot}.reminded_at IS NULL AND ${lot}.expires_at > ${at}
       AND ${lot}.expires_at <= ${at} + p.expiry_reminder_days * interval '1 day'
       AND p.expiry_reminder_days > 0 AND p.deleted_at IS NULL`;
  const result = await db.execute(sql`
    WITH picked AS MATERIALIZED (
      SELECT l.expires_at, l.ledger_id, l.project_id, l.buyer_tg_id
        FROM points_lots l JOIN projects p ON p.id = l.project_id
       WHERE ${due(sql`l`)}
         ${after ? sql`AND (l.expires_at, l.ledger_id) > (${after.expiresAt}::timestamptz, ${after.ledgerId}::bigint)` : sql``}
         -- The widest window of any live action, computed once: it bounds the scan of the index
         -- to the lots that can be due, instead of every unreminded lot of the service.
         AND l.expires_at <= ${at} + (SELECT max(w.expiry_reminder_days) FROM projects w WHERE w.deleted_at IS NULL) * interval '1 day'
       ORDER BY l.expires_at, l.ledger_id
       LIMIT ${batch}::int),
    marked AS (
      UPDATE points_lots l SET reminded_at = ${at}
        FROM (SELECT DISTINCT project_id, buyer_tg_id FROM picked) s, projects p
       WHERE l.project_id = s.project_id AND l.buyer_tg_id = s.buyer_tg_id AND p.id = l.project_id AND ${due(sql`l`)}
      RETURNING l.ledger_id, l.project_id, l.buyer_tg_id, l.expires_at, l.remaining),
    queued AS (
      INSERT INTO buyer_notices (project_id, buyer_tg_id, expiring, shop_button, reference)
      SELECT project_id, buyer_tg_id, jsonb_build_object('points', sum(remaining), 'expires_at', min(expires_at)), true,
             'expiry-reminder:' || min(ledger_id)
        FROM marked
       GROUP BY project_id, buyer_tg_id, (expires_at AT TIME ZONE ${TIME_ZONE})::date
      ON CONFLICT (reference) DO NOTHING
      RETURNING 1),
    last AS (SELECT expires_at, ledger_id FROM picked ORDER BY expires_at DESC, ledger_id DESC LIMIT 1)
    SELECT (SELECT count(*) FROM queued)::int AS queued, last.expires_at::text AS next_expires_at, last.ledger_id AS next_ledger_id
      FROM last`);
  const [row] = rowsOf<{ queued: number; next_expires_at: string; next_ledger_id: string | number }>(result);
  return row
    ? { queued: row.queued, next: { expiresAt: row.next_expires_at, ledgerId: Number(row.next_ledger_id) } }
    : { queued: 0, next: null };
}
