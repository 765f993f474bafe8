import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../contract/public-shop.js';
import type { ReferralRefusal, ReferralStatus } from '../../../contract/referral.js';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { pointsLedger, projects, promoCodes, receipts, shopOrders, type ProjectRow } from '../../db/schema.js';

// The buyer card: one buyer in one of the seller's actions. Every read names the
// seller or starts from an action already found as theirs, so another seller's buyer is not found.

/** The seller's action, deleted ones included (their buyers' cards stay readable); undefined when not theirs. */
export async function findOwnProject(db: Executor, sellerId: number, projectId: number): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, sellerId)))
    .limit(1);
  return row;
}

export interface BuyerInAction {
  firstName: string | null;
  username: string | null;
  /** Available points: what the shop can spend. */
  balance: number;
  /** Points held for the marketplaces' return window. */
  held: number;
  successfulReceipts: number;
  /** Counted purchases whose points are not held: what the level is reached by. */
  spentKopecks: number;
}

/**
 * The buyer's names, balance and counted purchases in the action, or undefined when they have
 * neither a receipt nor a ledger row in it (a Telegram ID the action never met). Their statistics'
 * or balance's row answers first: the planner takes an EXISTS over a shopper with thousands of
 * receipts or ledger rows for a sequential scan that stops at the first, and that first may be at
 * the table's end (a whole `receipts` read, 0.7 s on PGlite at 110 000 receipts). The EXISTS are
 * left for a shopper with neither row (only failed receipts, or a referral), whose rows are few.
 */
export async function findBuyerInAction(
  db: Executor,
  sellerId: number,
  projectId: number,
  buyerTgId: string,
): Promise<BuyerInAction | undefined> {
  const result = await db.execute(sql`
    SELECT names.first_name, names.username,
           coalesce(points.balance, 0) AS balance, coalesce(points.held, 0) AS held,
           stats.successful_receipts, stats.total_kopecks - stats.held_kopecks AS spent_kopecks
      FROM (SELECT 1) AS one
      LEFT JOIN telegram_buyers AS names ON names.buyer_tg_id = ${buyerTgId}
      LEFT JOIN buyer_points AS points ON points.project_id = ${projectId} AND points.buyer_tg_id = ${buyerTgId}
      LEFT JOIN buyer_stats AS stats ON stats.user_id = ${sellerId} AND stats.project_id = ${projectId} AND stats.buyer_tg_id = ${buyerTgId}
     WHERE stats.buyer_tg_id IS NOT NULL OR points.buyer_tg_id IS NOT NULL
        OR EXISTS (SELECT 1 FROM receipts WHERE project_id = ${projectId} AND buyer_tg_id = ${buyerTgId} AND user_id = ${sellerId})
        OR EXISTS (SELECT 1 FROM points_ledger WHERE project_id = ${projectId} AND buyer_tg_id = ${buyerTgId})
        OR EXISTS (SELECT 1 FROM referral_invitations WHERE project_id = ${projectId} AND inviter_tg_id = ${buyerTgId})`);
  const [row] = rowsOf(result);
  if (!row) return undefined;
  return {
    firstName: (row.first_name as string | null) ?? null,
    username: (row.username as string | null) ?? null,
    balance: Number(row.balance),
    held: Number(row.held),
    successfulReceipts: Number(row.successful_receipts ?? 0),
    spentKopecks: Number(row.spent_kopecks ?? 0),
  };
}

export async function readBuyerReceipts(db: Executor, sellerId: number, projectId: number, buyerTgId: string, limit: number) {
  return db
    .select({
      id: receipts.id,
      status: receipts.status,
      totalKopecks: receipts.totalKopecks,
      pointsAwarded: receipts.pointsAwarded,
      scannedAt: receipts.scannedAt,
      cancelledAt: receipts.cancelledAt,
      cancelReason: receipts.cancelReason,
      pointsCancelled: receipts.pointsCancelled,
    })
    .from(receipts)
    .where(and(eq(receipts.projectId, projectId), eq(receipts.buyerTgId, buyerTgId), eq(receipts.userId, sellerId)))
    .orderBy(desc(receipts.id))
    .limit(limit);
}

export async function readBuyerOrders(db: Executor, sellerId: number, projectId: number, buyerTgId: string, limit: number) {
  return db
    .select({
      id: shopOrders.id,
      title: shopOrders.title,
      pricePoints: shopOrders.pricePoints,
      status: sql<OrderStatus>`${shopOrders.status}`,
      createdAt: shopOrders.createdAt,
    })
    .from(shopOrders)
    .where(and(eq(shopOrders.projectId, projectId), eq(shopOrders.buyerTgId, buyerTgId), eq(shopOrders.userId, sellerId)))
    .orderBy(desc(shopOrders.id))
    .limit(limit);
}

/** Promo codes the buyer received in the action (the action is the seller's: checked before). */
export async function readBuyerPromoCodes(db: Executor, projectId: number, buyerTgId: string, limit: number) {
  return db
    .select({ code: promoCodes.code, receiptId: promoCodes.issuedReceiptId, issuedAt: promoCodes.issuedAt })
    .from(promoCodes)
    .where(and(eq(promoCodes.projectId, projectId), eq(promoCodes.issuedBuyerTg, buyerTgId), isNotNull(promoCodes.issuedAt)))
    .orderBy(desc(promoCodes.issuedAt), desc(promoCodes.id))
    .limit(limit);
}

/** The invitations the buyer made or came by (referral programme), newest first, with both sides' names. */
export async function readBuyerReferrals(db: Executor, projectId: number, buyerTgId: string, limit: number) {
  const result = await db.execute(sql`
    SELECT i.id, i.inviter_tg_id, inviter.first_name AS inviter_name, i.friend_tg_id, friend.first_name AS friend_name,
           i.status, i.refusal, i.joined_at, i.decided_at
      FROM referral_invitations i
      LEFT JOIN telegram_buyers inviter ON inviter.buyer_tg_id = i.inviter_tg_id
      LEFT JOIN telegram_buyers friend ON friend.buyer_tg_id = i.friend_tg_id
     WHERE i.project_id = ${projectId} AND (i.inviter_tg_id = ${buyerTgId} OR i.friend_tg_id = ${buyerTgId})
     ORDER BY i.id DESC
     LIMIT ${limit}`);
  return rowsOf<{
    id: string | number;
    inviter_tg_id: string;
    inviter_name: string | null;
    friend_tg_id: string;
    friend_name: string | null;
    status: ReferralStatus;
    refusal: ReferralRefusal | null;
    joined_at: string | Date;
    decided_at: string | Date | null;
  }>(result);
}

/** A ledger row by its reference: a repeated adjustment (the same Idempotency-Key) finds the first one. */
export async function findMovement(db: Executor, reference: string) {
  const [row] = await db
    .select({ id: pointsLedger.id, delta: pointsLedger.delta, reason: pointsLedger.reason })
    .from(pointsLedger)
    .where(eq(pointsLedger.reference, reference))
    .limit(1);
  return row;
}
