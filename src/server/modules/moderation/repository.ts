import { and, asc, count, desc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { ModerationKind } from '../../../contract/moderation.js';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { moderationItems, projects, receipts, telegramBuyers } from '../../db/schema.js';

const t = moderationItems;

export interface NewItem {
  projectId: number;
  buyerTgId: string;
  kind: ModerationKind;
  comment: string | null;
  image: Buffer;
  imageType: string;
  imageSha256: string;
  createdAt: Date;
}

/** Queues a picture; undefined when the action already has one with the same content hash (nothing written). */
export async function insertItem(db: Executor, item: NewItem): Promise<number | undefined> {
  const [row] = await db
    .insert(t)
    .values(item)
    .onConflictDoNothing({ target: [t.projectId, t.imageSha256] })
    .returning({ id: t.id });
  return row?.id;
}

/** The shopper's comment sent after the picture; only while the item waits and has none. */
export async function addComment(db: Executor, itemId: number, projectId: number, buyerTgId: string, comment: string): Promise<boolean> {
  const rows = await db
    .update(t)
    .set({ comment })
    .where(and(eq(t.id, itemId), eq(t.projectId, projectId), eq(t.buyerTgId, buyerTgId), eq(t.status, 'pending'), isNull(t.comment)))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** An item of one of this seller's live actions (without its picture), or undefined. */
export async function findOwnItem(db: Executor, sellerId: number, itemId: number) {
  const [row] = await db
    .select({ id: t.id, projectId: t.projectId, buyerTgId: t.buyerTgId, kind: t.kind, status: t.status })
    .from(t)
    .innerJoin(projects, eq(projects.id, t.projectId))
    .where(and(eq(t.id, itemId), eq(projects.userId, sellerId), isNull(projects.deletedAt)));
  return row;
}

/**
 * Locks every item of the shopper's kind in the action, in id order, and answers their statuses:
 * approvals of one shopper's items then run one after another (the count of rewarded items they
 * check cannot be passed by a parallel one), and the fixed order rules out a deadlock.
 */
export async function lockBuyerItems(db: Executor, projectId: number, buyerTgId: string, kind: ModerationKind) {
  return db
    .select({ id: t.id, status: t.status })
    .from(t)
    .where(and(eq(t.projectId, projectId), eq(t.buyerTgId, buyerTgId), eq(t.kind, kind)))
    .orderBy(asc(t.id))
    .for('update');
}

export async function countSuccessfulReceipts(db: Executor, sellerId: number, projectId: number, buyerTgId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(receipts)
    .where(
      and(
        eq(receipts.userId, sellerId),
        eq(receipts.projectId, projectId),
        eq(receipts.buyerTgId, buyerTgId),
        eq(receipts.status, 'success'),
      ),
    );
  return row?.total ?? 0;
}

export async function approve(db: Executor, itemId: number, points: number, at: Date): Promise<void> {
  await db
    .update(t)
    .set({ status: 'approved', points, decidedAt: at })
    .where(and(eq(t.id, itemId), eq(t.status, 'pending')));
}

/** Rejects a waiting item of this seller in one statement; false when there is none to reject. */
export async function reject(db: Executor, sellerId: number, itemId: number, reason: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(t)
    .set({ status: 'rejected', reason, decidedAt: at })
    .where(
      and(
        eq(t.id, itemId),
        eq(t.status, 'pending'),
        inArray(
          t.projectId,
          db
            .select({ id: projects.id })
            .from(projects)
            .where(and(eq(projects.userId, sellerId), isNull(projects.deletedAt))),
        ),
      ),
    )
    .returning({ id: t.id });
  return rows.length > 0;
}

const itemColumns = {
  id: t.id,
  buyerTgId: t.buyerTgId,
  kind: t.kind,
  comment: t.comment,
  status: t.status,
  reason: t.reason,
  points: t.points,
  createdAt: t.createdAt,
  decidedAt: t.decidedAt,
  /** `decided_at` as PostgreSQL prints it: the exact key of a decided item's place in the queue. */
  decidedPosition: sql<string | null>`${t.decidedAt}::text`,
  firstName: telegramBuyers.firstName,
  username: telegramBuyers.username,
};

const selectItems = (db: Executor) => db.select(itemColumns).from(t).leftJoin(telegramBuyers, eq(telegramBuyers.buyerTgId, t.buyerTgId));

export type ItemRow = Awaited<ReturnType<typeof readItem>>[number];

export async function readItem(db: Executor, projectId: number, itemId: number) {
  return selectItems(db).where(and(eq(t.projectId, projectId), eq(t.id, itemId)));
}

/** The first part of the queue: waiting items, oldest first, after `afterId` (a range of `moderation_items_pending`). */
export async function readPendingPage(db: Executor, projectId: number, afterId: number | undefined, limit: number) {
  return selectItems(db)
    .where(and(eq(t.projectId, projectId), sql`${t.status} = 'pending'`, afterId === undefined ? undefined : gt(t.id, afterId)))
    .orderBy(asc(t.id))
    .limit(limit);
}

/** Where a page of decided items ended: its last item's decision time (as PostgreSQL printed it) and id. */
export interface DecidedPosition {
  at: string;
  id: number;
}

/** The rest of the queue: decided items, newest decision first, after `after` (a range of `moderation_items_decided`), but `exceptIds`. */
export async function readDecidedPage(
  db: Executor,
  projectId: number,
  after: DecidedPosition | undefined,
  limit: number,
  exceptIds: number[],
) {
  return selectItems(db)
    .where(
      and(
        eq(t.projectId, projectId),
        sql`${t.status} <> 'pending'`,
        after === undefined ? undefined : sql`(${t.decidedAt}, ${t.id}) < (${after.at}::timestamptz, ${after.id}::bigint)`,
        exceptIds.length === 0 ? undefined : notInArray(t.id, exceptIds),
      ),
    )
    .orderBy(desc(t.decidedAt), desc(t.id))
    .limit(limit);
}

/** The waiting items of an action, from `moderation_items_pending` alone (its condition written as a constant). */
export async function countPending(db: Executor, projectId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(t)
    .where(and(eq(t.projectId, projectId), sql`${t.status} = 'pending'`));
  return row?.total ?? 0;
}

/**
 * Holds the action's moderation queue until the transaction ends: what a picture decides from the
 * queue (whether it is the first waiting) sees the pictures queued before it. Key space 3 (1 is the
 * seller's awards, 2 the analytics' catch-up); the action's row is not locked, since every receipt's
 * award updates it.
 */
export async function lockQueue(tx: Executor, projectId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(3, ${projectId}::int)`);
}

/** Whether exactly one picture waits in the action: read up to two, however long the queue. */
export async function isOnlyPending(db: Executor, projectId: number): Promise<boolean> {
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.projectId, projectId), sql`${t.status} = 'pending'`))
    .limit(2);
  return rows.length === 1;
}

/**
 * The waiting items of all of the seller's live actions: per action a range of the queue's index
 * (project_id, status = 'pending' first), so decided items, however many, are never read.
 */
export async function countPendingOfSeller(db: Executor, sellerId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(t)
    .where(
      and(
        // Written as the index's expression, so the planner reads only the waiting range.
        sql`${t.status} = 'pending'`,
        inArray(
          t.projectId,
          db
            .select({ id: projects.id })
            .from(projects)
            .where(and(eq(projects.userId, sellerId), isNull(projects.deletedAt))),
        ),
      ),
    );
  return row?.total ?? 0;
}

/**
 * Each of these shoppers' successful receipts on the action: how many (their statistics' counter,
 * which `buyer_stats_equal_receipts` holds equal to the receipts) and the newest `shown` of them,
 * read from the shopper's end of `receipts_action_buyer` and cut there. A page costs its shoppers
 * times `shown`, however many receipts each has.
 */
export async function readSuccessfulReceipts(db: Executor, sellerId: number, projectId: number, buyerTgIds: string[], shown: number) {
  const shoppers = new Map<string, { count: number; receipts: ShownReceipt[] }>();
  if (buyerTgIds.length === 0) return shoppers;
  // The shoppers with their counter first (MATERIALIZED: the planner, not knowing the list is short,
  // hashed every row of buyer_stats against it), then each one's newest receipts.
  const result = await db.execute(sql`
    WITH shoppers AS MATERIALIZED (
      SELECT u.buyer_tg_id,
             coalesce((SELECT s.successful_receipts FROM buyer_stats s
                        WHERE s.user_id = ${sellerId} AND s.project_id = ${projectId} AND s.buyer_tg_id = u.buyer_tg_id), 0) AS successful_receipts
        FROM unnest(ARRAY[${sql.join(
          buyerTgIds.map((buyer) => sql`${buyer}`),
          sql`, `,
        )}]::text[]) AS u(buyer_tg_id))
    SELECT b.buyer_tg_id, b.successful_receipts, r.id, r.total_kopecks, r.points_awarded, r.scanned_at
      FROM shoppers b
      LEFT JOIN LATERAL (
            SELECT id, total_kopecks, points_awarded, scanned_at FROM receipts
             WHERE project_id = ${projectId} AND buyer_tg_id = b.buyer_tg_id AND user_id = ${sellerId} AND status = 'success'
             ORDER BY id DESC
             LIMIT ${shown}) r ON true
     ORDER BY b.buyer_tg_id, r.id DESC`);
  const rows = rowsOf<{
    buyer_tg_id: string;
    successful_receipts: number | string;
    id: number | string | null;
    total_kopecks: number | string | null;
    points_awarded: number | null;
    scanned_at: Date | string | null;
  }>(result);
  for (const row of rows) {
    const shopper = shoppers.get(row.buyer_tg_id) ?? { count: Number(row.successful_receipts), receipts: [] };
    shoppers.set(row.buyer_tg_id, shopper);
    if (row.id !== null)
      shopper.receipts.push({
        id: Number(row.id),
        totalKopecks: row.total_kopecks === null ? null : Number(row.total_kopecks),
        pointsAwarded: row.points_awarded!,
        scannedAt: new Date(row.scanned_at!),
      });
  }
  return shoppers;
}

export interface ShownReceipt {
  id: number;
  totalKopecks: number | null;
  pointsAwarded: number;
  scannedAt: Date;
}

/** Approved items per shopper and kind on the action. */
export async function countRewarded(db: Executor, projectId: number, buyerTgIds: string[]) {
  if (buyerTgIds.length === 0) return [];
  return db
    .select({ buyerTgId: t.buyerTgId, kind: t.kind, total: count() })
    .from(t)
    .where(and(eq(t.projectId, projectId), inArray(t.buyerTgId, buyerTgIds), eq(t.status, 'approved')))
    .groupBy(t.buyerTgId, t.kind);
}

/** An item's picture, only for the seller of its live action. */
export async function readOwnImage(db: Executor, sellerId: number, itemId: number) {
  const [row] = await db
    .select({ image: t.image, imageType: t.imageType })
    .from(t)
    .innerJoin(projects, eq(projects.id, t.projectId))
    .where(and(eq(t.id, itemId), eq(projects.userId, sellerId), isNull(projects.deletedAt)));
  return row;
}
