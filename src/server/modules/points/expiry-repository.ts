import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { pointsLedger, pointsLots, projects } from '../../db/schema.js';

/** Lots whose time has come with points left, oldest expiry first, and when each was earned. */
export async function findDueLots(db: Executor, now: Date, limit: number) {
  return db
    .select({ ledgerId: pointsLots.ledgerId, earnedAt: pointsLedger.createdAt })
    .from(pointsLots)
    .innerJoin(pointsLedger, eq(pointsLedger.id, pointsLots.ledgerId))
    .where(and(lte(pointsLots.expiresAt, now), gt(pointsLots.remaining, 0)))
    .orderBy(asc(pointsLots.expiresAt), asc(pointsLots.ledgerId))
    .limit(limit);
}

/** db/functions/expire_lot.sql: answers the points that expired (0: nothing was left). */
export async function expireLot(db: Executor, ledgerId: number, at: Date, reason: string): Promise<number> {
  const result = await db.execute(sql`SELECT expire_lot(${ledgerId}, ${at.toISOString()}::timestamptz, ${reason}) AS expired`);
  return Number(rowsOf<{ expired: number }>(result)[0]?.expired ?? 0);
}

/**
 * Lots with points left that expire within their action's reminder window and whose shopper was
 * not told yet, by action, shopper and expiry. Deleted actions and actions without reminders are
 * left out.
 */
export async function findLotsToRemind(db: Executor, now: Date, limit: number) {
  return db
    .select({
      ledgerId: pointsLots.ledgerId,
      projectId: pointsLots.projectId,
      projectName: projects.name,
      buyerTgId: pointsLots.buyerTgId,
      expiresAt: pointsLots.expiresAt,
      remaining: pointsLots.remaining,
    })
    .from(pointsLots)
    .innerJoin(projects, eq(projects.id, pointsLots.projectId))
    .where(
      and(
        gt(pointsLots.remaining, 0),
        isNull(pointsLots.remindedAt),
        gt(pointsLots.expiresAt, now),
        gt(projects.expiryReminderDays, 0),
        isNull(projects.deletedAt),
        sql`${pointsLots.expiresAt} <= ${now.toISOString()}::timestamptz + ${projects.expiryReminderDays} * interval '1 day'`,
        // The widest window of any live action, computed once: it bounds the scan of points_lots_to_remind
        // (0060) to the lots that can be due, instead of every unreminded lot of the service.
        sql`${pointsLots.expiresAt} <= ${now.toISOString()}::timestamptz
              + (SELECT max(p.expiry_reminder_days) FROM projects p WHERE p.deleted_at IS NULL) * interval '1 day'`,
      ),
    )
    .orderBy(asc(pointsLots.projectId), asc(pointsLots.buyerTgId), asc(pointsLots.expiresAt))
    .limit(limit);
}

/** Marks lots as reminded; answers the ones this call marked (another instance may have been first). */
export async function markReminded(db: Executor, ledgerIds: number[], now: Date): Promise<number[]> {
  const rows = await db
    .update(pointsLots)
    .set({ remindedAt: now })
    .where(and(inArray(pointsLots.ledgerId, ledgerIds), isNull(pointsLots.remindedAt)))
    .returning({ ledgerId: pointsLots.ledgerId });
  return rows.map((row) => Number(row.ledgerId));
}
