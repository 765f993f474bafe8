import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import {
  buyerPoints,
  buyerStats,
  pointsLedger,
  projects,
  puzzlebotOutbox,
  receiptItems,
  receipts,
  taxReceiptCache,
  users,
  type ReceiptItemRow,
  type ReceiptRow,
} from '../../db/schema.js';

export type NewReceipt = Omit<typeof receipts.$inferInsert, 'id'>;
export type NewReceiptItem = Omit<typeof receiptItems.$inferInsert, 'receiptId'>;

export async function insertReceipt(db: Executor, receipt: NewReceipt, items: NewReceiptItem[]): Promise<number> {
  const [row] = await db.insert(receipts).values(receipt).returning({ id: receipts.id });
  if (items.length > 0) await db.insert(receiptItems).values(items.map((item) => ({ ...item, receiptId: row!.id })));
  return row!.id;
}

export async function hasSuccessfulScan(db: Executor, projectId: number, key: { fn: string; fd: string; fp: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.projectId, projectId), eq(receipts.fn, key.fn), eq(receipts.fd, key.fd), eq(receipts.fp, key.fp), eq(receipts.status, 'success')))
    .limit(1);
  return row !== undefined;
}

export async function readCachedTaxReceipt(db: Executor, key: string): Promise<unknown | undefined> {
  const [row] = await db.select({ body: taxReceiptCache.body }).from(taxReceiptCache).where(eq(taxReceiptCache.receiptKey, key)).limit(1);
  return row?.body;
}

export async function cacheTaxReceipt(db: Executor, key: string, body: unknown): Promise<void> {
  await db.insert(taxReceiptCache).values({ receiptKey: key, body }).onConflictDoNothing();
}

/** Adds points: one ledger row (idempotent by reference) and the running balance; returns the new balance. */
export async function awardPoints(db: Executor, entry: { projectId: number; buyerTgId: string; points: number; reason: string; reference: string }): Promise<number> {
  await db.insert(pointsLedger).values({ projectId: entry.projectId, buyerTgId: entry.buyerTgId, delta: entry.points, reason: entry.reason, reference: entry.reference });
  const [row] = await db
    .insert(buyerPoints)
    .values({ projectId: entry.projectId, buyerTgId: entry.buyerTgId, balance: entry.points })
    .onConflictDoUpdate({ target: [buyerPoints.projectId, buyerPoints.buyerTgId], set: { balance: sql`${buyerPoints.balance} + ${entry.points}` } })
    .returning({ balance: buyerPoints.balance });
  return row!.balance;
}

export async function readPointsBalance(db: Executor, projectId: number, buyerTgId: string): Promise<number> {
  const [row] = await db
    .select({ balance: buyerPoints.balance })
    .from(buyerPoints)
    .where(and(eq(buyerPoints.projectId, projectId), eq(buyerPoints.buyerTgId, buyerTgId)));
  return row?.balance ?? 0;
}

export async function recordBuyerPurchase(db: Executor, entry: { userId: number; projectId: number; buyerTgId: string; kopecks: number; at: Date }): Promise<void> {
  await db
    .insert(buyerStats)
    .values({ userId: entry.userId, projectId: entry.projectId, buyerTgId: entry.buyerTgId, successfulReceipts: 1, totalKopecks: entry.kopecks, lastReceiptAt: entry.at })
    .onConflictDoUpdate({
      target: [buyerStats.userId, buyerStats.projectId, buyerStats.buyerTgId],
      set: {
        successfulReceipts: sql`${buyerStats.successfulReceipts} + 1`,
        totalKopecks: sql`${buyerStats.totalKopecks} + ${entry.kopecks}`,
        lastReceiptAt: sql`GREATEST(${buyerStats.lastReceiptAt}, ${entry.at})`,
      },
    });
}

export async function countSuccessfulReceipt(db: Executor, userId: number, projectId: number): Promise<void> {
  await db.update(projects).set({ receiptsCount: sql`${projects.receiptsCount} + 1` }).where(eq(projects.id, projectId));
  await db.update(users).set({ scannedReceipts: sql`${users.scannedReceipts} + 1` }).where(eq(users.id, userId));
}

export async function enqueuePuzzleBotPush(db: Executor, projectId: number, buyerTgId: string): Promise<void> {
  await db.insert(puzzlebotOutbox).values({ projectId, buyerTgId });
}

export async function setProjectStatusMessage(db: Executor, projectId: number, message: string | null): Promise<void> {
  await db.update(projects).set({ statusMessage: message }).where(eq(projects.id, projectId));
}

export async function findProjectByApiKey(db: Executor, apiKey: string) {
  const [row] = await db.select({ id: projects.id, userId: projects.userId }).from(projects).where(eq(projects.apiKey, apiKey)).limit(1);
  return row;
}

/** One page of a seller's receipts, newest first, optionally of one action. */
export async function listReceipts(
  db: Executor,
  userId: number,
  filter: { projectId?: number; limit: number; offset: number },
): Promise<{ rows: ReceiptRow[]; items: ReceiptItemRow[]; total: number }> {
  const where = and(eq(receipts.userId, userId), filter.projectId === undefined ? undefined : eq(receipts.projectId, filter.projectId));
  const rows = await db.select().from(receipts).where(where).orderBy(desc(receipts.id)).limit(filter.limit).offset(filter.offset);
  const [totals] = await db.select({ total: count() }).from(receipts).where(where);
  const items = rows.length
    ? await db.select().from(receiptItems).where(inArray(receiptItems.receiptId, rows.map((row) => row.id))).orderBy(receiptItems.receiptId, receiptItems.position)
    : [];
  return { rows, items, total: totals?.total ?? 0 };
}
