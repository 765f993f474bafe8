import { randomUUID } from 'node:crypto';
import { formatPoints, kopecksToRubles } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import {
  BUYER_CARD_ROWS,
  BUYER_LEDGER_PAGE,
  levelAt,
  POINTS_KIND_LABELS,
  presentLevels,
  type AdjustPointsResponse,
  type BuyerCard,
  type BuyerLedgerPage,
  type LedgerEntry,
} from '../../../contract/points.js';
import { ORDER_STATUS_LABELS } from '../../../contract/public-shop.js';
import { receiptStatusLabel, shownReceiptStatus } from '../../../contract/receipts.js';
import { BUYER_FLAG_LABELS, type BuyerBlock } from '../../../contract/trust.js';
import { REFERRAL_REFUSAL_LABELS, REFERRAL_STATUS_LABELS } from '../../../contract/referral.js';
import type { Db, Executor } from '../../db/connection.js';
import type { ProjectRow } from '../../db/schema.js';
import { AppError, PG_UNIQUE_VIOLATION, postgresErrorCode } from '../../errors.js';
import { findWarranties } from '../product-guides/repository.js';
import { presentWarranty } from '../product-guides/service.js';
import { queueBuyerNotice } from '../notices/repository.js';
import { moscowDay } from '../analytics/period.js';
import { pointsExpiry } from '../points/earning.js';
import { readHeldByDay } from '../points/hold-repository.js';
import { movePoints, readBalance, readLedger, readNearestExpiry, type LedgerLine } from '../points/repository.js';
import { findLiveProject } from '../actions/repository.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { findBlock, readFlags, type StoredBlock } from '../trust/repository.js';
import * as repo from './card-repository.js';

const m = messages.points;

export interface BuyerCardDeps {
  db: Db;
  now: () => Date;
  /** Called after an adjustment queued the shopper's bot message, so delivery starts at once. */
  onNoticesQueued: () => void;
}

const actionNotFound = () => new AppError('not_found', messages.actions.notFound);
const buyerNotFound = () => new AppError('not_found', m.buyerNotFound);

/** The shopper's level with `spentKopecks` of counted purchases, as the API names levels (null: the action has none). */
export function buyerLevel(action: Pick<ProjectRow, 'levels' | 'pointsPercentage'>, spentKopecks: number) {
  const held = levelAt(action.levels, spentKopecks);
  return held ? presentLevels(action.levels, action.pointsPercentage)[held.index]! : null;
}

export async function getBuyerCard(
  deps: Pick<BuyerCardDeps, 'db' | 'now'>,
  sellerId: number,
  buyerTgId: string,
  projectId: number,
): Promise<BuyerCard> {
  const { action, buyer } = await findCardBuyer(deps.db, sellerId, buyerTgId, projectId);
  const [nearest, heldByDay, ledger, receipts, orders, promoCodes, referrals, warranties, block, flags] = await Promise.all([
    readNearestExpiry(deps.db, projectId, buyerTgId),
    readHeldByDay(deps.db, projectId, buyerTgId),
    readLedgerPage(deps.db, projectId, buyerTgId),
    repo.readBuyerReceipts(deps.db, sellerId, projectId, buyerTgId, BUYER_CARD_ROWS),
    repo.readBuyerOrders(deps.db, sellerId, projectId, buyerTgId, BUYER_CARD_ROWS),
    repo.readBuyerPromoCodes(deps.db, projectId, buyerTgId, BUYER_CARD_ROWS),
    repo.readBuyerReferrals(deps.db, projectId, buyerTgId, BUYER_CARD_ROWS),
    findWarranties(deps.db, { projectId, buyerTgId }, BUYER_CARD_ROWS),
    findBlock(deps.db, projectId, buyerTgId),
    readFlags(deps.db, projectId, buyerTgId),
  ]);
  return {
    tg_id: buyerTgId,
    project_id: action.id,
    project_name: action.name,
    name: buyer.firstName,
    username: buyer.username,
    points: buyer.balance,
    held_points: buyer.held,
    held: heldByDay.map((day) => ({ points: day.points, release_at: day.releaseAt.toISOString() })),
    nearest_expiry: nearest && { points: nearest.points, expires_at: nearest.expiresAt.toISOString() },
    level: buyerLevel(action, buyer.spentKopecks),
    spent_total: kopecksToRubles(buyer.spentKopecks),
    successful_receipts: buyer.successfulReceipts,
    ledger: ledger.ledger,
    ledger_next_before: ledger.next_before,
    receipts: receipts.map((receipt) => ({
      id: receipt.id,
      status: shownReceiptStatus(receipt),
      status_label: receiptStatusLabel(shownReceiptStatus(receipt)),
      total: receipt.totalKopecks === null ? null : kopecksToRubles(receipt.totalKopecks),
      points_awarded: receipt.pointsAwarded,
      scanned_at: receipt.scannedAt.toISOString(),
      cancelled_at: receipt.cancelledAt?.toISOString() ?? null,
      cancel_reason: receipt.cancelReason,
      points_cancelled: receipt.pointsCancelled,
    })),
    orders: orders.map((order) => ({
      id: order.id,
      title: order.title,
      price_points: order.pricePoints,
      status: order.status,
      status_label: ORDER_STATUS_LABELS[order.status],
      created_at: order.createdAt.toISOString(),
    })),
    promo_codes: promoCodes.map((code) => ({ code: code.code, receipt_id: code.receiptId, issued_at: code.issuedAt!.toISOString() })),
    referrals: referrals.map((row) => ({
      id: Number(row.id),
      inviter_tg_id: row.inviter_tg_id,
      inviter_name: row.inviter_name,
      friend_tg_id: row.friend_tg_id,
      friend_name: row.friend_name,
      status: row.status,
      status_label: REFERRAL_STATUS_LABELS[row.status],
      refusal: row.refusal,
      refusal_label: row.refusal && REFERRAL_REFUSAL_LABELS[row.refusal],
      joined_at: new Date(row.joined_at).toISOString(),
      decided_at: row.decided_at && new Date(row.decided_at).toISOString(),
    })),
    warranties: warranties.map((row) => presentWarranty(row, moscowDay(deps.now()))),
    blocked: block ? presentBlock(block) : null,
    flags: flags.map((flag) => ({
      kind: flag.kind,
      label: BUYER_FLAG_LABELS[flag.kind],
      flagged_at: flag.flaggedAt.toISOString(),
      detail: flag.detail,
    })),
  };
}

/** The seller's action (deleted ones too) and the shopper in it, or not found. */
async function findCardBuyer(db: Db, sellerId: number, buyerTgId: string, projectId: number) {
  const action = await repo.findOwnProject(db, sellerId, projectId);
  if (!action) throw actionNotFound();
  const buyer = await repo.findBuyerInAction(db, sellerId, projectId, buyerTgId);
  if (!buyer) throw buyerNotFound();
  return { action, buyer };
}

/** A page of the ledger, newest first: the card's first, then «Показать ещё» from `before` on. */
async function readLedgerPage(db: Db, projectId: number, buyerTgId: string, before?: number): Promise<BuyerLedgerPage> {
  const lines = await readLedger(db, projectId, buyerTgId, BUYER_LEDGER_PAGE + 1, before);
  const page = lines.slice(0, BUYER_LEDGER_PAGE);
  return { ledger: page.map(presentLedgerLine), next_before: lines.length > page.length ? page.at(-1)!.id : null };
}

/** GET /buyers/:tg_id/ledger: the card's ledger, a page at a time. */
export async function getBuyerLedger(
  deps: Pick<BuyerCardDeps, 'db'>,
  sellerId: number,
  buyerTgId: string,
  projectId: number,
  before: number | undefined,
): Promise<BuyerLedgerPage> {
  await findCardBuyer(deps.db, sellerId, buyerTgId, projectId);
  return readLedgerPage(deps.db, projectId, buyerTgId, before);
}

export function presentLedgerLine(line: LedgerLine): LedgerEntry {
  return {
    id: line.id,
    delta: line.delta,
    held_delta: line.heldDelta,
    kind: line.kind,
    kind_label: POINTS_KIND_LABELS[line.kind],
    actor: line.actor,
    reason: line.reason,
    created_at: line.createdAt.toISOString(),
    expires_at: line.expiresAt?.toISOString() ?? null,
    balance_after: line.balanceAfter,
    held_after: line.heldAfter,
  };
}

export function presentBlock(block: StoredBlock): BuyerBlock {
  return { reason: block.reason, blocked_by: block.blockedBy, blocked_at: block.blockedAt.toISOString() };
}

export interface Adjustment {
  /** Who makes it, for the audit log. */
  actor: AuditActor;
  projectId: number;
  /** Positive: a credit; negative: a deduction. */
  delta: number;
  reason: string;
  /** The request's Idempotency-Key: the same key moves the points once. */
  idempotencyKey?: string;
}

/**
 * «Начислить / списать баллы»: one transaction writes the ledger row (a credit expires by the
 * action's lifetime, a deduction takes the soonest-expiring points first and never goes below
 * zero) and queues the shopper's bot message. A repeated request with the same Idempotency-Key
 * answers what the first did and writes nothing; two racing ones meet at the ledger's unique
 * reference, and the loser answers as a repeat.
 */
export async function adjustPoints(
  deps: BuyerCardDeps,
  sellerId: number,
  buyerTgId: string,
  adjustment: Adjustment,
): Promise<AdjustPointsResponse> {
  // Without a key every request is its own adjustment.
  const reference = `manual:${adjustment.projectId}:${buyerTgId}:${adjustment.idempotencyKey ?? randomUUID()}`;
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await deps.db.transaction((tx) => adjustOnce(tx, deps.now(), sellerId, buyerTgId, adjustment, reference));
      if (outcome.queued) deps.onNoticesQueued();
      const done = outcome.delta > 0 ? m.adjustedCredit : m.adjustedDebit;
      return { message: fillMessage(done, { points: Math.abs(outcome.delta), balance: outcome.balance }), points: outcome.balance };
    } catch (error) {
      if (attempt === 1 && adjustment.idempotencyKey && postgresErrorCode(error) === PG_UNIQUE_VIOLATION) continue;
      throw error;
    }
  }
}

async function adjustOnce(tx: Executor, now: Date, sellerId: number, buyerTgId: string, adjustment: Adjustment, reference: string) {
  const { projectId, delta, reason, actor } = adjustment;
  const action = await findLiveProject(tx, sellerId, projectId);
  if (!action) throw actionNotFound();
  if (!(await repo.findBuyerInAction(tx, sellerId, projectId, buyerTgId))) throw buyerNotFound();

  const earlier = await repo.findMovement(tx, reference);
  if (earlier) {
    if (earlier.delta !== delta || earlier.reason !== reason) throw new AppError('conflict', m.idempotencyKeyReused);
    return { delta, balance: await readBalance(tx, projectId, buyerTgId), queued: false };
  }

  const moved = await movePoints(tx, {
    projectId,
    buyerTgId,
    delta,
    kind: 'manual',
    actor: 'seller',
    reason,
    reference,
    at: now,
    expiresAt: delta > 0 ? pointsExpiry(action, now) : null,
  });
  if (!moved) {
    const balance = await readBalance(tx, projectId, buyerTgId);
    throw new AppError('conflict', fillMessage(m.adjustBelowZero, { points: formatPoints(-delta), balance: formatPoints(balance) }));
  }
  await recordAudit(tx, {
    sellerId,
    actor,
    action: 'points.adjust',
    subject: fillMessage(messages.audit.subjectBuyer, { buyer: buyerTgId, action: action.name }),
    before: { points: moved.balance - delta },
    after: { points: moved.balance, delta, reason },
  });
  const told = delta > 0 ? m.manualCredited : m.manualDebited;
  await queueBuyerNotice(tx, {
    projectId,
    buyerTgId,
    text: fillMessage(told, { points: formatPoints(Math.abs(delta)), name: action.name, reason, balance: formatPoints(moved.balance) }),
    shopButton: true,
    reference: `manual:${moved.ledgerId}`,
  });
  return { delta, balance: moved.balance, queued: true };
}
