import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';

// A receipt's cancel: every read names the seller, so another seller's receipt is not found.

export interface ReceiptToCancel {
  id: number;
  projectId: number | null;
  buyerTgId: string;
  status: string;
  pointsAwarded: number;
  issuedAt: Date | null;
  scannedAt: Date;
  totalKopecks: number | null;
  actionName: string | null;
  /** The action was deleted (or is gone): the receipt stays in the history, its points no longer move. */
  actionDeleted: boolean;
  /** What is still held of the receipt's points (its hold's remainder; 0 without a hold or once released). */
  held: number;
  /** The shopper's available points in the action now. */
  balance: number;
  cancelled: null | {
    at: Date;
    reason: string;
    /** From its `cancel` ledger row (none when nothing could be taken). */
    held: number;
    available: number;
  };
}

/** The seller's receipt with what a cancel needs and, once cancelled, what the cancel took; undefined when not theirs. */
export async function findReceiptToCancel(db: Executor, sellerId: number, receiptId: number): Promise<ReceiptToCancel | undefined> {
  const result = await db.execute(sql`
    SELECT r.id, r.project_id, r.buyer_tg_id, r.status, r.points_awarded, r.issued_at, r.scanned_at, r.total_kopecks,
           r.cancelled_at, r.cancel_reason, p.name AS action_name, (p.id IS NULL OR p.deleted_at IS NOT NULL) AS action_deleted,
           coalesce((SELECT h.remaining FROM points_holds h WHERE h.receipt_id = r.id), 0) AS held,
           coalesce((SELECT b.balance FROM buyer_points b WHERE b.project_id = r.project_id AND b.buyer_tg_id = r.buyer_tg_id), 0) AS balance,
           l.held_delta AS cancel_held_delta, l.delta AS cancel_delta
      FROM receipts r
      LEFT JOIN projects p ON p.id = r.project_id
      LEFT JOIN points_ledger l ON r.cancelled_at IS NOT NULL AND l.reference = 'cancel:' || r.id
     WHERE r.id = ${receiptId}::bigint AND r.user_id = ${sellerId}::int`);
  const [row] = rowsOf(result);
  if (!row) return undefined;
  const at = (value: unknown) => (value === null ? null : new Date(value as string));
  const cancelledAt = at(row.cancelled_at);
  return {
    id: Number(row.id),
    projectId: row.project_id === null ? null : Number(row.project_id),
    buyerTgId: String(row.buyer_tg_id),
    status: String(row.status),
    pointsAwarded: Number(row.points_awarded),
    issuedAt: at(row.issued_at),
    scannedAt: new Date(row.scanned_at as string),
    totalKopecks: row.total_kopecks === null ? null : Number(row.total_kopecks),
    actionName: (row.action_name as string | null) ?? null,
    actionDeleted: row.action_deleted === true,
    held: Number(row.held),
    balance: Number(row.balance),
    cancelled: cancelledAt && {
      at: cancelledAt,
      reason: String(row.cancel_reason),
      held: -Number(row.cancel_held_delta ?? 0),
      available: -Number(row.cancel_delta ?? 0),
    },
  };
}

/**
 * The cancel, one call of the database's cancel_receipt() (src/server/db/functions/cancel_receipt.sql):
 * the held and available points off, the ledger row, the receipt marked, the level basis and the
 * Buyers sums lowered. Answers what it took and the shopper's available points after;
 * `firstCancel` false when another cancel came first (nothing was written); undefined when the
 * receipt is not the seller's successful one.
 */
export async function cancelReceipt(
  db: Executor,
  cancel: { receiptId: number; sellerId: number; reason: string; ledgerReason: string; at: Date },
): Promise<{ firstCancel: boolean; held: number; available: number; balance: number } | undefined> {
  const result = await db.execute(sql`
    SELECT first_cancel, held_points, available_points, buyer_balance
      FROM cancel_receipt(${cancel.receiptId}::bigint, ${cancel.sellerId}::int, ${cancel.reason}, ${cancel.ledgerReason},
                          ${cancel.at.toISOString()}::timestamptz)`);
  const [row] = rowsOf<{ first_cancel: boolean; held_points: number; available_points: number; buyer_balance: number }>(result);
  return (
    row && {
      firstCancel: row.first_cancel,
      held: Number(row.held_points),
      available: Number(row.available_points),
      balance: Number(row.buyer_balance),
    }
  );
}
