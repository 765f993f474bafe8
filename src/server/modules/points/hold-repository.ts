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

/** db/functions/release_hold.sql: answers the points released (0: released or cancelled already). */
export async function releaseHold(db: Executor, ledgerId: number, at: Date, reason: string): Promise<number> {
  const result = await db.execute(sql`SELECT release_hold(${ledgerId}, ${at.toISOString()}::timestamptz, ${reason}) AS released`);
  return Number(rowsOf<{ released: number }>(result)[0]?.released ?? 0);
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
