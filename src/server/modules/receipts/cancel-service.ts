import { formatPoints } from '../../../contract/format.js';
import { formatDate, formatRubles, kopecksToRubles } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { CancelPreview, CancelReceiptResponse } from '../../../contract/receipt-cancel.js';
import type { Db, Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { queueBuyerNotice } from '../notices/repository.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { pointsToCancel } from './cancel-points.js';
import * as repo from './cancel-repository.js';

const m = messages.receiptCancel;

export interface CancelDeps {
  db: Db;
  now: () => Date;
  /** Called after a cancel queued the shopper's bot message, so delivery starts at once. */
  onNoticesQueued: () => void;
}

/**
 * The seller's successful receipt of a live action, or the refusal: another seller's or an unknown
 * receipt is not found, a deleted action's answers as every call on a deleted action does, a
 * refused receipt earned nothing to take back.
 */
async function cancellable(db: Executor, sellerId: number, receiptId: number): Promise<repo.ReceiptToCancel> {
  const receipt = await repo.findReceiptToCancel(db, sellerId, receiptId);
  if (!receipt) throw new AppError('not_found', m.receiptNotFound);
  if (receipt.actionDeleted) throw new AppError('not_found', messages.actions.notFound);
  if (receipt.status !== 'success') throw new AppError('conflict', m.notAccepted);
  return receipt;
}

/** What «Отменить чек» would take back now (the dialog shows it before the seller decides). */
export async function previewCancel(deps: Pick<CancelDeps, 'db'>, sellerId: number, receiptId: number): Promise<CancelPreview> {
  const receipt = await cancellable(deps.db, sellerId, receiptId);
  const taken = receipt.cancelled
    ? { held: receipt.cancelled.held, available: receipt.cancelled.available }
    : pointsToCancel({ pointsAwarded: receipt.pointsAwarded, held: receipt.held, balance: receipt.balance });
  return {
    receipt_id: receipt.id,
    points_awarded: receipt.pointsAwarded,
    held: taken.held,
    available: taken.available,
    not_recovered: receipt.pointsAwarded - taken.held - taken.available,
  };
}

/**
 * «Отменить чек»: one transaction takes the receipt's points back (cancel_receipt.sql: held first,
 * then available, never below zero), marks the receipt and queues the shopper's bot message. The
 * check's fee stays charged: the check was made. A repeated cancel changes nothing and answers
 * the first one's facts.
 */
export async function cancelReceipt(
  deps: CancelDeps,
  sellerId: number,
  receiptId: number,
  reason: string,
  actor: AuditActor,
): Promise<CancelReceiptResponse> {
  const outcome = await deps.db.transaction(async (tx) => {
    const receipt = await cancellable(tx, sellerId, receiptId);
    if (receipt.cancelled) return { response: answer(receipt, receipt.cancelled, true), queued: false };
    const at = deps.now();
    const taken = await repo.cancelReceipt(tx, {
      receiptId,
      sellerId,
      reason,
      ledgerReason: fillMessage(m.ledgerReason, { id: receiptId, reason }),
      at,
    });
    if (!taken) throw new AppError('not_found', m.receiptNotFound);
    if (!taken.firstCancel) {
      // Another cancel committed between the read and the call: answer it as a repeat.
      const first = await cancellable(tx, sellerId, receiptId);
      return { response: answer(first, first.cancelled!, true), queued: false };
    }
    await tellShopper(tx, receipt, { ...taken, reason });
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'receipt.cancel',
      subject: fillMessage(messages.audit.subjectReceipt, { id: receiptId, buyer: receipt.buyerTgId }),
      before: { cancelled: false, points_awarded: receipt.pointsAwarded },
      after: { cancelled: true, reason, points_cancelled: taken.held + taken.available },
    });
    return { response: answer(receipt, { held: taken.held, available: taken.available, at, reason }, false), queued: true };
  });
  if (outcome.queued) deps.onNoticesQueued();
  return outcome.response;
}

function answer(
  receipt: repo.ReceiptToCancel,
  cancel: { held: number; available: number; at: Date; reason: string },
  repeated: boolean,
): CancelReceiptResponse {
  const points = cancel.held + cancel.available;
  const notRecovered = receipt.pointsAwarded - points;
  const message = repeated
    ? fillMessage(m.alreadyCancelled, { id: receipt.id, date: formatDate(cancel.at) })
    : [
        fillMessage(m.cancelled, { id: receipt.id, points: formatPoints(points) }),
        ...(notRecovered > 0 ? [fillMessage(m.notRecovered, { points: formatPoints(notRecovered) })] : []),
      ].join(' ');
  return {
    message,
    receipt_id: receipt.id,
    points_cancelled: points,
    held_cancelled: cancel.held,
    available_cancelled: cancel.available,
    not_recovered: notRecovered,
    cancel_reason: cancel.reason,
    cancelled_at: cancel.at.toISOString(),
    already_cancelled: repeated,
  };
}

/** The shopper hears it from the action's bot: which purchase, why, what came off and what is left. */
async function tellShopper(
  tx: Executor,
  receipt: repo.ReceiptToCancel,
  taken: { held: number; available: number; balance: number; reason: string },
): Promise<void> {
  const points = taken.held + taken.available;
  const values = {
    date: formatDate(receipt.issuedAt ?? receipt.scannedAt),
    total: formatRubles(kopecksToRubles(receipt.totalKopecks ?? 0)),
    name: receipt.actionName ?? '',
    reason: taken.reason,
    points: formatPoints(points),
    balance: formatPoints(taken.balance),
  };
  await queueBuyerNotice(tx, {
    projectId: receipt.projectId!,
    buyerTgId: receipt.buyerTgId,
    text: fillMessage(points > 0 ? m.shopperNotice : m.shopperNoticeNothingTaken, values),
    shopButton: false,
    reference: `cancel:${receipt.id}`,
  });
}
