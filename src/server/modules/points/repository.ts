import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { formatDate } from '../../../contract/format.js';
import type { PointsActor, PointsKind } from '../../../contract/points.js';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { buyerPoints, buyerStats, pointsLots } from '../../db/schema.js';

// The points ledger: every movement of a buyer's points is one row; the balance and
// the expiring lots move with it in the database's move_points() (db/functions/move_points.sql).

export interface PointsMovement {
  projectId: number;
  buyerTgId: string;
  /** Positive: a credit; negative: a debit, soonest-expiring points first. Never 0. */
  delta: number;
  kind: PointsKind;
  actor: PointsActor;
  /** Russian, shown to the seller on the buyer card. */
  reason: string;
  /** Unique across the ledger: a movement is written once, whatever is retried. */
  reference: string;
  at: Date;
  /** A credit's expiry (null or absent: never). */
  expiresAt?: Date | null;
}

/** Writes a movement; answers the balance after, or null when a debit is more than the buyer has (nothing written). */
export async function movePoints(db: Executor, movement: PointsMovement): Promise<{ ledgerId: number; balance: number } | null> {
  const body = {
    project_id: movement.projectId,
    buyer_tg_id: movement.buyerTgId,
    delta: movement.delta,
    kind: movement.kind,
    actor: movement.actor,
    reason: movement.reason,
    reference: movement.reference,
    created_at: movement.at.toISOString(),
    expires_at: movement.expiresAt?.toISOString() ?? null,
  };
  const result = await db.execute(sql`SELECT ledger_id, balance FROM move_points(${JSON.stringify(body)}::jsonb)`);
  const row = rowsOf<{ ledger_id: string | number; balance: number }>(result)[0];
  return row ? { ledgerId: Number(row.ledger_id), balance: Number(row.balance) } : null;
}

export async function readBalance(db: Executor, projectId: number, buyerTgId: string): Promise<number> {
  const [row] = await db
    .select({ balance: buyerPoints.balance })
    .from(buyerPoints)
    .where(and(eq(buyerPoints.projectId, projectId), eq(buyerPoints.buyerTgId, buyerTgId)));
  return row?.balance ?? 0;
}

/**
 * The shopper's counted purchases on the action, all time (kopecks): what their level is reached by.
 * A purchase whose points are still held counts from their release.
 */
export async function readSpentKopecks(db: Executor, sellerId: number, projectId: number, buyerTgId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`${buyerStats.totalKopecks} - ${buyerStats.heldKopecks}`.mapWith(Number) })
    .from(buyerStats)
    .where(and(eq(buyerStats.userId, sellerId), eq(buyerStats.projectId, projectId), eq(buyerStats.buyerTgId, buyerTgId)));
  return row?.total ?? 0;
}

/** A buyer's points that expire soonest: those of the nearest day (Moscow time), and that day's last moment. */
export interface NearestExpiry {
  points: number;
  expiresAt: Date;
}

/** The lots read to find the nearest day: a buyer rarely has more expiring on one day. */
const NEAREST_LOTS = 50;

export async function readNearestExpiry(db: Executor, projectId: number, buyerTgId: string): Promise<NearestExpiry | null> {
  const lots = await db
    .select({ expiresAt: pointsLots.expiresAt, remaining: pointsLots.remaining })
    .from(pointsLots)
    .where(and(eq(pointsLots.projectId, projectId), eq(pointsLots.buyerTgId, buyerTgId), gt(pointsLots.remaining, 0)))
    .orderBy(asc(pointsLots.expiresAt))
    .limit(NEAREST_LOTS);
  return nearestDay(lots);
}

/** The first lots' day (as the shopper reads dates) and the points expiring on it (pure). */
export function nearestDay(lots: readonly { expiresAt: Date; remaining: number }[]): NearestExpiry | null {
  const first = lots[0];
  if (!first) return null;
  const day = formatDate(first.expiresAt);
  const sameDay = lots.filter((lot) => formatDate(lot.expiresAt) === day);
  return { points: sameDay.reduce((sum, lot) => sum + lot.remaining, 0), expiresAt: sameDay.at(-1)!.expiresAt };
}

export interface LedgerLine {
  id: number;
  delta: number;
  /** Held points the row moved (a held credit, its release, a cancel). */
  heldDelta: number;
  kind: PointsKind;
  actor: PointsActor;
  reason: string;
  createdAt: Date;
  expiresAt: Date | null;
  balanceAfter: number;
  heldAfter: number;
}

/**
 * A buyer's ledger, newest first, with the available and held points after each row; `beforeId`
 * pages on. The balances after a row are counted back from the shopper's balances now
 * (buyer_points, which equal the ledger's sums: the invariant `buyer_points_equal_ledger`) less
 * what the newer rows moved, so only the page is read, not every row the shopper ever had (a page
 * after `beforeId` also sums the rows newer than it). One statement: the balances and the rows are
 * of one moment.
 */
export async function readLedger(
  db: Executor,
  projectId: number,
  buyerTgId: string,
  limit: number,
  beforeId?: number,
): Promise<LedgerLine[]> {
  const shopper = sql`project_id = ${projectId} AND buyer_tg_id = ${buyerTgId}`;
  const result = await db.execute(sql`
    WITH page AS (
      SELECT id, delta, held_delta, kind, actor, reason, created_at, expires_at
        FROM points_ledger
       WHERE ${shopper} ${beforeId === undefined ? sql`` : sql`AND id < ${beforeId}`}
       ORDER BY id DESC
       LIMIT ${limit}),
    after_page AS (
      SELECT coalesce((SELECT balance FROM buyer_points WHERE ${shopper}), 0) - coalesce(sum(delta), 0) AS balance,
             coalesce((SELECT held FROM buyer_points WHERE ${shopper}), 0) - coalesce(sum(held_delta), 0) AS held
        FROM points_ledger
       WHERE ${beforeId === undefined ? sql`false` : sql`${shopper} AND id >= ${beforeId}`})
    SELECT page.*,
           after_page.balance - coalesce(sum(page.delta) OVER newer, 0) AS balance_after,
           after_page.held - coalesce(sum(page.held_delta) OVER newer, 0) AS held_after
      FROM page CROSS JOIN after_page
    WINDOW newer AS (ORDER BY page.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
     ORDER BY page.id DESC`);
  return rowsOf<{
    id: number | string;
    delta: number;
    held_delta: number;
    kind: PointsKind;
    actor: PointsActor;
    reason: string;
    created_at: Date | string;
    expires_at: Date | string | null;
    balance_after: number | string;
    held_after: number | string;
  }>(result).map((row) => ({
    id: Number(row.id),
    delta: row.delta,
    heldDelta: row.held_delta,
    kind: row.kind,
    actor: row.actor,
    reason: row.reason,
    createdAt: new Date(row.created_at),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    balanceAfter: Number(row.balance_after),
    heldAfter: Number(row.held_after),
  }));
}
