import { and, asc, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { pointsHolds } from '../../db/schema.js';

/** Where a run of the hold release has got to: the last hold (by release, then id) of the previous batch. */
export interface DueHoldCursor {
  releaseAt: Date;
  ledgerId: number;
}

/**
 * The next `limit` holds whose day has come with points still held, after `after`, the earliest
 * first (the points_holds_due index, in this order): a batch reads its own holds, not again the ones
 * released before it, so a day of many holds costs as many batches, each the same.
 */
export async function findDueHolds(db: Executor, now: Date, limit: number, after: DueHoldCursor | null) {
  return db
    .select({
      ledgerId: pointsHolds.ledgerId,
      projectId: pointsHolds.projectId,
      buyerTgId: pointsHolds.buyerTgId,
      receiptId: pointsHolds.receiptId,
      releaseAt: pointsHolds.releaseAt,
    })
    .from(pointsHolds)
    .where(
      and(
        lte(pointsHolds.releaseAt, now),
        gt(pointsHolds.remaining, 0),
        after
          ? sql`(${pointsHolds.releaseAt}, ${pointsHolds.ledgerId}) > (${after.releaseAt.toISOString()}::timestamptz, ${after.ledgerId}::bigint)`
          : undefined,
      ),
    )
    .orderBy(asc(pointsHolds.releaseAt), asc(pointsHolds.ledgerId))
    .limit(limit);
}

/**
 * db/functions/release_hold.sql for each hold, one after another in one statement, the holds read
 * from one JSON parameter: answers the points each released, by its ledger id (0: released or
 * cancelled already). In the order of their ids (a volatile function is called after the sort), so
 * two runs releasing the same holds at once lock their shoppers' balances in the same order.
 */
export async function releaseHolds(
  db: Executor,
  holds: readonly { ledgerId: number; reason: string }[],
  at: Date,
): Promise<Map<number, number>> {
  const json = JSON.stringify(holds.map((hold) => ({ ledger_id: hold.ledgerId, reason: hold.reason })));
  const result = await db.execute(sql`
    SELECT hold.ledger_id, release_hold(hold.ledger_id, ${at.toISOString()}::timestamptz, hold.reason) AS released
      FROM jsonb_to_recordset(${json}::jsonb) AS hold(ledger_id bigint, reason text)
     ORDER BY hold.ledger_id`);
  return new Map(
    rowsOf<{ ledger_id: string | number; released: number }>(result).map((row) => [Number(row.ledger_id), Number(row.released)]),
  );
}

/** The points a shopper has held in an action, by the day they become available, the nearest first. */
export async function readHeldByDay(db: Executor, projectId: number, buyerTgId: string): Promise<{ points: number; releaseAt: Date }[]> {
  const result = await db.execute(sql`
    SELECT sum(remaining)::int AS points, min(release_at) AS release_at
      FROM ${pointsHolds}
     WHERE project_id = ${projectId} AND buyer_tg_id = ${buyerTgId} AND remaining > 0
     GROUP BY date_trunc('day', release_at AT TIME ZONE 'Europe/Moscow')
     ORDER BY 2`);
  return rowsOf<{ points: number; release_at: string | Date }>(result).map((row) => ({
    points: Number(row.points),
    releaseAt: new Date(row.release_at),
  }));
}
