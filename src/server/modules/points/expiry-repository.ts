import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
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
 * Marks the lots of the next shoppers to remind and answers them, in one statement: the `batch`
 * lots due a reminder next after `after` (the points_lots_to_remind index in (expires_at,
 * ledger_id) order, 0067: a batch reads its own lots however many are due) name the shoppers, and
 * every lot of those shoppers due a reminder is marked, so a shopper's lots of one day are never
 * split between two batches (two reminders). A lot is due when it has points left, expires within
 * its action's reminder window and was not reminded; deleted actions and actions without reminders
 * are left out. Another instance marking the same lots meanwhile waits for this one's transaction
 * and then finds them reminded. Answers where the next batch starts (null: nothing left).
 */
export async function markNextShoppersReminded(
  db: Executor,
  now: Date,
  batch: number,
  after: ReminderCursor | null,
): Promise<{ lots: LotToRemind[]; next: ReminderCursor | null }> {
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
      RETURNING l.ledger_id, l.project_id, p.name AS project_name, l.buyer_tg_id, l.expires_at, l.remaining),
    last AS (SELECT expires_at, ledger_id FROM picked ORDER BY expires_at DESC, ledger_id DESC LIMIT 1)
    SELECT marked.*, last.expires_at::text AS next_expires_at, last.ledger_id AS next_ledger_id
      FROM last LEFT JOIN marked ON true`);
  const rows = rowsOf<{
    ledger_id: string | number | null;
    project_id: number;
    project_name: string;
    buyer_tg_id: string;
    expires_at: string | Date;
    remaining: number;
    next_expires_at: string;
    next_ledger_id: string | number;
  }>(result);
  const [first] = rows;
  return {
    lots: rows
      .filter((row) => row.ledger_id !== null)
      .map((row) => ({
        ledgerId: Number(row.ledger_id),
        projectId: row.project_id,
        projectName: row.project_name,
        buyerTgId: row.buyer_tg_id,
        expiresAt: new Date(row.expires_at),
        remaining: Number(row.remaining),
      })),
    next: first ? { expiresAt: first.next_expires_at, ledgerId: Number(first.next_ledger_id) } : null,
  };
}

export interface LotToRemind {
  ledgerId: number;
  projectId: number;
  projectName: string;
  buyerTgId: string;
  expiresAt: Date;
  remaining: number;
}
