import { readBotFeatures } from '../../../contract/bot-features.js';
import { kopecksToRubles } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import {
  MODERATION_KIND_LABELS,
  MODERATION_RECEIPTS_SHOWN,
  MODERATION_SETTINGS_KEY,
  moderationImageUrl,
  type ModerationDecisionResponse,
  type ModerationItem,
  type ModerationKind,
  type ModerationPending,
  type ModerationQueue,
} from '../../../contract/moderation.js';
import type { Db, Executor } from '../../db/connection.js';
import { cursorKey, pageOf, TIMESTAMP_KEY } from '../../db/cursor.js';
import { AppError } from '../../errors.js';
import { pointsExpiry } from '../points/earning.js';
import { movePoints } from '../points/repository.js';
import { queueBuyerNotice } from '../notices/repository.js';
import { findLiveProject } from '../actions/repository.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { moderationWaitingNotice } from '../seller-notices/notices.js';
import { queueSellerNotice } from '../seller-notices/outbox.js';
import * as repo from './repository.js';

const m = messages.moderation;

export interface ModerationDeps {
  db: Db;
  now: () => Date;
  /** Called after a verdict queued the shopper's bot message, so delivery starts at once. */
  onNoticesQueued: () => void;
}

const actionNotFound = () => new AppError('not_found', messages.actions.notFound);
const itemNotFound = () => new AppError('not_found', m.itemNotFound);
const alreadyDecided = () => new AppError('conflict', m.alreadyDecided);

/** The ledger row of an approval: one per item, whatever is retried. */
const rewardReference = (itemId: number) => `moderation:${itemId}`;
const verdictReference = (itemId: number) => `moderation:${itemId}:verdict`;

/**
 * A page of the action's queue: waiting items oldest first, then decided ones newest first. The
 * cursor says which part the previous page ended in and where; a page that finishes the waiting
 * part goes on into the decided one.
 */
export async function getQueue(
  deps: Pick<ModerationDeps, 'db'>,
  sellerId: number,
  projectId: number,
  page: { cursor?: string; limit: number },
): Promise<ModerationQueue> {
  const after = page.cursor === undefined ? undefined : queuePosition(page.cursor);
  if (!(await findLiveProject(deps.db, sellerId, projectId))) throw actionNotFound();
  const [rows, pending] = await Promise.all([
    readQueuePage(deps.db, projectId, after, page.limit + 1),
    repo.countPending(deps.db, projectId),
  ]);
  const { data, next_cursor } = pageOf(rows, page.limit, (row) => row, positionOf);
  return { pending, items: await presentItems(deps.db, sellerId, projectId, data), next_cursor };
}

type QueuePosition = { pendingAfter: number } | { decidedAfter: repo.DecidedPosition };

async function readQueuePage(db: Executor, projectId: number, after: QueuePosition | undefined, limit: number) {
  const pending =
    after === undefined || 'pendingAfter' in after ? await repo.readPendingPage(db, projectId, after?.pendingAfter, limit) : [];
  if (pending.length === limit) return pending;
  const decidedAfter = after !== undefined && 'decidedAfter' in after ? after.decidedAfter : undefined;
  // An item decided between the two reads is shown once, where the first read found it.
  const shown = pending.map((row) => row.id);
  return [...pending, ...(await repo.readDecidedPage(db, projectId, decidedAfter, limit - pending.length, shown))];
}

/** A cursor's key: ['pending', id] or ['decided', decision time as PostgreSQL printed it, id]. */
const positionOf = (row: repo.ItemRow) => (row.status === 'pending' ? ['pending', row.id] : ['decided', row.decidedPosition, row.id]);

function queuePosition(cursor: string): QueuePosition {
  const key = cursorKey(cursor);
  const validId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) > 0;
  if (Array.isArray(key) && key.length === 2 && key[0] === 'pending' && validId(key[1])) return { pendingAfter: key[1] };
  if (
    Array.isArray(key) &&
    key.length === 3 &&
    key[0] === 'decided' &&
    typeof key[1] === 'string' &&
    TIMESTAMP_KEY.test(key[1]) &&
    validId(key[2])
  )
    return { decidedAfter: { at: key[1], id: key[2] } };
  throw new AppError('bad_request', m.cursorInvalid);
}

/** The sidebar's «Модерация»: how many items wait in all of the seller's actions. */
export async function getPendingCount(deps: Pick<ModerationDeps, 'db'>, sellerId: number): Promise<ModerationPending> {
  return { pending: await repo.countPendingOfSeller(deps.db, sellerId) };
}

/**
 * «Одобрить»: the kind's points (the action's settings now) as a ledger row of the kind, the item
 * approved, the shopper told, in one transaction. One reward per successful receipt for each kind:
 * a shopper with as many approved items of the kind as successful receipts gets no more.
 */
const itemSubject = (item: { buyerTgId: string }, itemId: number) =>
  fillMessage(messages.audit.subjectModeration, { id: itemId, buyer: item.buyerTgId });

export async function approveItem(
  deps: ModerationDeps,
  sellerId: number,
  itemId: number,
  actor: AuditActor,
): Promise<ModerationDecisionResponse> {
  const found = await repo.findOwnItem(deps.db, sellerId, itemId);
  if (!found) throw itemNotFound();
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const action = await findLiveProject(tx, sellerId, found.projectId);
    if (!action) throw itemNotFound();
    const items = await repo.lockBuyerItems(tx, found.projectId, found.buyerTgId, found.kind);
    if (items.find((item) => item.id === itemId)?.status !== 'pending') throw alreadyDecided();
    const approved = items.filter((item) => item.status === 'approved').length;
    const receipts = await repo.countSuccessfulReceipts(tx, sellerId, found.projectId, found.buyerTgId);
    if (approved >= receipts) throw new AppError('conflict', fillMessage(m.noReceiptLeft, { receipts, approved }));

    const points = readBotFeatures(action.botFeatures)[MODERATION_SETTINGS_KEY[found.kind]].points;
    const moved =
      points > 0
        ? await movePoints(tx, {
            projectId: found.projectId,
            buyerTgId: found.buyerTgId,
            delta: points,
            kind: found.kind,
            actor: 'seller',
            reason: fillMessage(found.kind === 'review' ? m.reasonReview : m.reasonPhoto, { id: itemId }),
            reference: rewardReference(itemId),
            at: now,
            expiresAt: pointsExpiry(action, now),
          })
        : null;
    await repo.approve(tx, itemId, points, now);
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'moderation.approve',
      subject: itemSubject(found, itemId),
      before: { status: 'pending' },
      after: { status: 'approved', kind: found.kind, points },
    });
    await queueBuyerNotice(tx, {
      projectId: found.projectId,
      buyerTgId: found.buyerTgId,
      text: approvedText(found.kind, action.name, moved && { points, balance: moved.balance }),
      shopButton: moved !== null,
      reference: verdictReference(itemId),
    });
  });
  deps.onNoticesQueued();
  return { message: m.approvedMessage, item: await presentOne(deps.db, sellerId, found.projectId, itemId) };
}

/** «Отклонить» with the reason the shopper is told; no points. */
export async function rejectItem(
  deps: ModerationDeps,
  sellerId: number,
  itemId: number,
  reason: string,
  actor: AuditActor,
): Promise<ModerationDecisionResponse> {
  const found = await repo.findOwnItem(deps.db, sellerId, itemId);
  if (!found) throw itemNotFound();
  await deps.db.transaction(async (tx) => {
    const action = await findLiveProject(tx, sellerId, found.projectId);
    if (!action) throw itemNotFound();
    if (!(await repo.reject(tx, sellerId, itemId, reason, deps.now()))) throw alreadyDecided();
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'moderation.reject',
      subject: itemSubject(found, itemId),
      before: { status: 'pending' },
      after: { status: 'rejected', kind: found.kind, reason },
    });
    await queueBuyerNotice(tx, {
      projectId: found.projectId,
      buyerTgId: found.buyerTgId,
      text: fillMessage(found.kind === 'review' ? m.rejectedReview : m.rejectedPhoto, { name: action.name, reason }),
      shopButton: false,
      reference: verdictReference(itemId),
    });
  });
  deps.onNoticesQueued();
  return { message: m.rejectedMessage, item: await presentOne(deps.db, sellerId, found.projectId, itemId) };
}

export async function getItemImage(deps: Pick<ModerationDeps, 'db'>, sellerId: number, itemId: number) {
  const image = await repo.readOwnImage(deps.db, sellerId, itemId);
  if (!image) throw itemNotFound();
  return image;
}

function approvedText(kind: ModerationKind, name: string, reward: { points: number; balance: number } | null): string {
  if (!reward) return fillMessage(kind === 'review' ? m.approvedReviewNoPoints : m.approvedPhotoNoPoints, { name });
  return fillMessage(kind === 'review' ? m.approvedReview : m.approvedPhoto, { name, ...reward });
}

async function presentOne(db: Executor, sellerId: number, projectId: number, itemId: number): Promise<ModerationItem> {
  const [item] = await presentItems(db, sellerId, projectId, await repo.readItem(db, projectId, itemId));
  return item!;
}

/** Each item with its shopper's successful receipts on the action and how many of the kind were rewarded. */
async function presentItems(db: Executor, sellerId: number, projectId: number, rows: repo.ItemRow[]): Promise<ModerationItem[]> {
  const buyers = [...new Set(rows.map((row) => row.buyerTgId))];
  const [receipts, rewarded] = await Promise.all([
    repo.readSuccessfulReceipts(db, sellerId, projectId, buyers, MODERATION_RECEIPTS_SHOWN),
    repo.countRewarded(db, projectId, buyers),
  ]);
  return rows.map((row) => {
    const own = receipts.get(row.buyerTgId) ?? { count: 0, receipts: [] };
    return {
      id: row.id,
      kind: row.kind,
      kind_label: MODERATION_KIND_LABELS[row.kind],
      status: row.status,
      buyer: { tg_id: row.buyerTgId, name: row.firstName, username: row.username },
      comment: row.comment,
      image_url: moderationImageUrl(row.id),
      created_at: row.createdAt.toISOString(),
      decided_at: row.decidedAt?.toISOString() ?? null,
      reason: row.reason,
      points: row.points,
      successful_receipts: own.count,
      rewarded: rewarded.find((count) => count.buyerTgId === row.buyerTgId && count.kind === row.kind)?.total ?? 0,
      receipts: own.receipts.map((receipt) => ({
        id: receipt.id,
        total: receipt.totalKopecks === null ? null : kopecksToRubles(receipt.totalKopecks),
        points_awarded: receipt.pointsAwarded,
        scanned_at: receipt.scannedAt.toISOString(),
      })),
    };
  });
}

/**
 * Queues a shopper's picture in the caller's transaction; the picture that makes the action's queue
 * non-empty tells the seller (once per stretch of the queue, keyed by that item). Two first
 * pictures arriving at once would each count only itself: the action's queue lock makes the second
 * wait for the first to commit, then count both. Answers the item's id, or undefined for a picture
 * the action holds already (nothing written).
 */
export async function queuePicture(
  tx: Executor,
  item: repo.NewItem,
  tell: { sellerId: number; action: string; buyer: string },
): Promise<number | undefined> {
  await repo.lockQueue(tx, item.projectId);
  const id = await repo.insertItem(tx, item);
  if (id !== undefined && (await repo.isOnlyPending(tx, item.projectId))) {
    await queueSellerNotice(tx, moderationWaitingNotice({ ...tell, actionId: item.projectId, itemId: id }));
  }
  return id;
}
