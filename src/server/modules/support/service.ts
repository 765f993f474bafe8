import { kopecksToRubles } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { receiptStatusLabel } from '../../../contract/receipts.js';
import {
  SUPPORT_DELIVERY_LABELS,
  SUPPORT_PREVIEW_CHARS,
  SUPPORT_RECEIPTS_SHOWN,
  supportImageUrl,
  type SupportActionResponse,
  type SupportThread,
  type SupportThreadList,
  type SupportThreadStatus,
  type SupportThreadSummary,
} from '../../../contract/support.js';
import type { Db, Executor } from '../../db/connection.js';
import { cursorKey, pageOf, TIMESTAMP_KEY } from '../../db/cursor.js';
import { AppError } from '../../errors.js';
import { queueBuyerNotice } from '../notices/repository.js';
import { findBuyerInAction, readBuyerReceipts } from '../buyers/card-repository.js';
import { buyerLevel } from '../buyers/card-service.js';
import { findLiveProject } from '../actions/repository.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import * as repo from './repository.js';

const m = messages.support;

export interface SupportDeps {
  db: Db;
  now: () => Date;
  /** Called after a reply queued the shopper's bot message, so delivery starts at once. */
  onNoticesQueued: () => void;
}

const actionNotFound = () => new AppError('not_found', messages.actions.notFound);
const threadNotFound = () => new AppError('not_found', m.threadNotFound);
const cursorInvalid = () => new AppError('bad_request', m.cursorInvalid);

/** A page of the inbox, newest activity first; `cursor` is the previous page's `next_cursor`. */
export async function listThreads(
  deps: Pick<SupportDeps, 'db'>,
  sellerId: number,
  filter: { projectId?: number; status?: SupportThreadStatus },
  page: { cursor?: string; limit: number },
): Promise<SupportThreadList> {
  const after = page.cursor === undefined ? undefined : threadPosition(page.cursor);
  if (filter.projectId !== undefined && !(await findLiveProject(deps.db, sellerId, filter.projectId))) throw actionNotFound();
  const [rows, unanswered] = await Promise.all([
    repo.readThreadPage(deps.db, sellerId, filter, after, page.limit + 1),
    repo.countUnanswered(deps.db, sellerId, filter.projectId),
  ]);
  const { data, next_cursor } = pageOf(rows, page.limit, presentSummary, (row) => [row.position.at, row.position.id]);
  return { unanswered, threads: data, next_cursor };
}

/** The position a cursor of this list carries: [activity as PostgreSQL printed it, thread id]. */
function threadPosition(cursor: string): repo.ThreadPosition {
  const key = cursorKey(cursor);
  if (!Array.isArray(key) || key.length !== 2) throw cursorInvalid();
  const [at, id] = key as unknown[];
  if (typeof at !== 'string' || !TIMESTAMP_KEY.test(at) || !Number.isSafeInteger(id) || (id as number) <= 0) throw cursorInvalid();
  return { at, id: id as number };
}

export async function getThread(deps: Pick<SupportDeps, 'db'>, sellerId: number, threadId: number): Promise<SupportThread> {
  return presentThread(deps.db, sellerId, threadId);
}

/**
 * The seller's answer: stored in the thread and queued for the action's bot in one transaction
 * (bot/notices retries it and survives restarts). A closed thread takes no reply.
 */
export async function replyToThread(
  deps: SupportDeps,
  sellerId: number,
  threadId: number,
  text: string,
  actor: AuditActor,
): Promise<SupportActionResponse> {
  await deps.db.transaction(async (tx) => {
    const thread = await repo.findOwnThread(tx, sellerId, threadId, true);
    if (!thread) throw threadNotFound();
    if (thread.status !== 'open') throw new AppError('conflict', m.threadClosed);
    const messageId = await repo.addMessage(tx, { threadId, author: 'seller', text, updateId: null, createdAt: deps.now() });
    // The thread shows «the seller» answered; the log keeps which person of the team did.
    await recordAudit(tx, { sellerId, actor, action: 'support.reply', subject: threadSubject(thread), before: null, after: { text } });
    await queueBuyerNotice(tx, {
      projectId: thread.projectId,
      buyerTgId: thread.buyerTgId,
      text,
      shopButton: false,
      reference: repo.replyNoticeReference(messageId!),
    });
  });
  deps.onNoticesQueued();
  return { message: m.replied, thread: await presentThread(deps.db, sellerId, threadId) };
}

/** «Закрыть диалог»: the shopper's next message opens a new thread. Closing a closed thread changes nothing. */
export async function closeThread(
  deps: SupportDeps,
  sellerId: number,
  threadId: number,
  actor: AuditActor,
): Promise<SupportActionResponse> {
  await deps.db.transaction(async (tx) => {
    const thread = await repo.findOwnThread(tx, sellerId, threadId, true);
    if (!thread) throw threadNotFound();
    if (thread.status === 'closed') return;
    await repo.closeThread(tx, threadId, deps.now());
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'support.close',
      subject: threadSubject(thread),
      before: { status: thread.status },
      after: { status: 'closed' },
    });
  });
  return { message: m.closedMessage, thread: await presentThread(deps.db, sellerId, threadId) };
}

const threadSubject = (thread: { id: number; buyerTgId: string }) =>
  fillMessage(messages.audit.subjectThread, { id: thread.id, buyer: thread.buyerTgId });

export async function getMessageImage(deps: Pick<SupportDeps, 'db'>, sellerId: number, messageId: number) {
  const image = await repo.readOwnImage(deps.db, sellerId, messageId);
  if (!image) throw new AppError('not_found', m.messageNotFound);
  return image;
}

function presentSummary(row: repo.ThreadSummaryRow): SupportThreadSummary {
  return {
    id: row.id,
    project_id: row.projectId,
    project_name: row.projectName,
    buyer: { tg_id: row.buyerTgId, name: row.firstName, username: row.username },
    status: row.status,
    unanswered: row.status === 'open' && row.lastAuthor === 'shopper',
    created_at: row.createdAt.toISOString(),
    last_message_at: row.lastMessageAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    last_text: row.lastText === null ? null : row.lastText.slice(0, SUPPORT_PREVIEW_CHARS),
    messages_count: Number(row.messagesCount),
  };
}

/** The thread, its messages, and the shopper's figures in the action as the buyer card reads them. */
async function presentThread(db: Executor, sellerId: number, threadId: number): Promise<SupportThread> {
  const row = await repo.readThreadSummary(db, sellerId, threadId);
  if (!row) throw threadNotFound();
  const action = await findLiveProject(db, sellerId, row.projectId);
  if (!action) throw threadNotFound();
  const [rows, buyer, receipts] = await Promise.all([
    repo.readMessages(db, threadId),
    findBuyerInAction(db, sellerId, row.projectId, row.buyerTgId),
    readBuyerReceipts(db, sellerId, row.projectId, row.buyerTgId, SUPPORT_RECEIPTS_SHOWN),
  ]);
  return {
    thread: presentSummary(row),
    messages: rows.map((message) => {
      const delivery = message.author === 'seller' ? (message.delivery ?? 'pending') : null;
      return {
        id: message.id,
        author: message.author,
        text: message.text,
        image_url: message.hasImage ? supportImageUrl(message.id) : null,
        created_at: message.createdAt.toISOString(),
        delivery,
        delivery_label: delivery && SUPPORT_DELIVERY_LABELS[delivery],
      };
    }),
    buyer: {
      points: buyer?.balance ?? 0,
      level: buyerLevel(action, buyer?.spentKopecks ?? 0),
      receipts: receipts.map((receipt) => ({
        id: receipt.id,
        status: receipt.status,
        status_label: receiptStatusLabel(receipt.status),
        total: receipt.totalKopecks === null ? null : kopecksToRubles(receipt.totalKopecks),
        scanned_at: receipt.scannedAt.toISOString(),
      })),
    },
  };
}
