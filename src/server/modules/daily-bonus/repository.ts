import { and, desc, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { buyerStats, dailyBonusClaims, projects, promoCodes, telegramBuyers } from '../../db/schema.js';

/** At least one successful receipt of the shopper on the action (the buyer statistics count them). */
export async function hasSuccessfulReceipt(db: Executor, sellerId: number, projectId: number, buyerTgId: string): Promise<boolean> {
  const [row] = await db
    .select({ receipts: buyerStats.successfulReceipts })
    .from(buyerStats)
    .where(
      and(
        eq(buyerStats.userId, sellerId),
        eq(buyerStats.projectId, projectId),
        eq(buyerStats.buyerTgId, buyerTgId),
        gt(buyerStats.successfulReceipts, 0),
      ),
    );
  return row !== undefined;
}

/** Takes the day's bonus; false when it was taken already (a double press, a redelivered update, another instance). */
export async function takeClaim(
  db: Executor,
  claim: {
    projectId: number;
    buyerTgId: string;
    day: string;
    points: number;
    claimedAt: Date;
    sector?: number;
    sectorLabel?: string;
    promoCodeId?: number;
  },
): Promise<boolean> {
  const rows = await db.insert(dailyBonusClaims).values(claim).onConflictDoNothing().returning({ day: dailyBonusClaims.day });
  return rows.length > 0;
}

/** The shopper's bonus of the day: its points and, when the wheel gave it, the sector and any promo code. */
export async function readClaim(db: Executor, projectId: number, buyerTgId: string, day: string) {
  const c = dailyBonusClaims;
  const [row] = await db
    .select({ points: c.points, sector: c.sector, sectorLabel: c.sectorLabel, promoCode: promoCodes.code })
    .from(c)
    .leftJoin(promoCodes, eq(promoCodes.id, c.promoCodeId))
    .where(and(eq(c.projectId, projectId), eq(c.buyerTgId, buyerTgId), eq(c.day, day)));
  return row;
}

/** The live action behind a shop, as the bonus needs it. */
export async function readLiveAction(db: Executor, sellerId: number, projectId: number) {
  const [row] = await db
    .select({
      id: projects.id,
      userId: projects.userId,
      name: projects.name,
      botFeatures: projects.botFeatures,
      pointsLifetimeDays: projects.pointsLifetimeDays,
    })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, sellerId), isNull(projects.deletedAt)));
  return row;
}

const RESULTS_LIMIT = 500;

/** The action's bonuses of the days from `fromDay` to `toDay`, the latest first. */
export async function listClaims(db: Executor, projectId: number, fromDay: string, toDay: string) {
  const c = dailyBonusClaims;
  return db
    .select({
      buyerTgId: c.buyerTgId,
      firstName: telegramBuyers.firstName,
      username: telegramBuyers.username,
      day: c.day,
      points: c.points,
      claimedAt: c.claimedAt,
    })
    .from(c)
    .leftJoin(telegramBuyers, eq(telegramBuyers.buyerTgId, c.buyerTgId))
    .where(and(eq(c.projectId, projectId), gte(c.day, fromDay), lte(c.day, toDay)))
    .orderBy(desc(c.claimedAt))
    .limit(RESULTS_LIMIT);
}

/** Shoppers and points of the action's bonuses of the days from `fromDay` to `toDay` (all, not only the listed ones). */
export async function sumClaims(db: Executor, projectId: number, fromDay: string, toDay: string) {
  const c = dailyBonusClaims;
  const [row] = await db
    .select({ shoppers: sql<string>`count(DISTINCT ${c.buyerTgId})`, points: sql<string>`coalesce(sum(${c.points}), 0)` })
    .from(c)
    .where(and(eq(c.projectId, projectId), gte(c.day, fromDay), lte(c.day, toDay)));
  return { shoppers: Number(row?.shoppers ?? 0), points: Number(row?.points ?? 0) };
}
