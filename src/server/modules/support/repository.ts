import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { SupportAuthor, SupportDelivery, SupportThreadStatus } from '../../../contract/support.js';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { buyerNotices, projects, supportMessages, supportThreads, telegramBuyers } from '../../db/schema.js';

// The support inbox's tables (migration 0036), written by the bot's function and read by the
// cabinet's «Сообщения» (modules/support). Every read of the cabinet names the seller, so
// another seller's thread is not found; the bot's writes start from the action answering.

const t = supportThreads;
const msg = supportMessages;

/** The buyer notice that carries a seller's reply (bot/notices): its delivery is the thread's too. */
export const replyNoticeReference = (messageId: number) => `support:message:${messageId}`;
/** The acknowledgement of the shopper's message that began a conversation in the thread. */
export const ackNoticeReference = (threadId: number, messageId: number) => `support:${threadId}:ack:${messageId}`;

/**
 * The shopper's open thread in the action, locked, opened when there is none, with the time of its
 * last message before this one (null for a new thread). The partial unique index keeps one open
 * thread per shopper and action, whichever instance answers.
 */
export async function openThread(
  db: Executor,
  projectId: number,
  buyerTgId: string,
  at: Date,
): Promise<{ id: number; lastMessageAt: Date | null }> {
  const inserted = await db
    .insert(t)
    .values({ projectId, buyerTgId, lastAuthor: 'shopper', createdAt: at, lastMessageAt: at })
    .onConflictDoNothing({ target: [t.projectId, t.buyerTgId], where: sql`status = 'open'` })
    .returning({ id: t.id });
  if (inserted[0]) return { id: inserted[0].id, lastMessageAt: null };
  const [row] = await db
    .select({ id: t.id, lastMessageAt: t.lastMessageAt })
    .from(t)
    .where(and(eq(t.projectId, projectId), eq(t.buyerTgId, buyerTgId), eq(t.status, 'open')))
    .for('update');
  if (!row) throw new Error('the open support thread vanished while it was being written to');
  return { id: row.id, lastMessageAt: row.lastMessageAt };
}

export async function hasOpenThread(db: Executor, projectId: number, buyerTgId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.projectId, projectId), eq(t.buyerTgId, buyerTgId), eq(t.status, 'open')))
    .limit(1);
  return row !== undefined;
}

export interface NewMessage {
  threadId: number;
  author: SupportAuthor;
  text: string | null;
  image?: { data: Buffer; type: string };
  updateId: number | null;
  createdAt: Date;
}

/** A message and the thread's activity; undefined when this update was already stored (nothing written). */
export async function addMessage(db: Executor, message: NewMessage): Promise<number | undefined> {
  const [row] = await db
    .insert(msg)
    .values({
      threadId: message.threadId,
      author: message.author,
      text: message.text,
      image: message.image?.data ?? null,
      imageType: message.image?.type ?? null,
      updateId: message.updateId,
      createdAt: message.createdAt,
    })
    .onConflictDoNothing({ target: [msg.threadId, msg.updateId] })
    .returning({ id: msg.id });
  if (!row) return undefined;
  await db.update(t).set({ lastAuthor: message.author, lastMessageAt: message.createdAt }).where(eq(t.id, message.threadId));
  return row.id;
}

/** The seller's live actions, or the one asked for if it is theirs (deleted ones keep no inbox). */
const ownActions = (db: Executor, sellerId: number) =>
  db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.userId, sellerId), isNull(projects.deletedAt)));

/** A thread of one of this seller's live actions, locked when `lock` (a reply or a close), or undefined. */
export async function findOwnThread(db: Executor, sellerId: number, threadId: number, lock = false) {
  const query = db
    .select({ id: t.id, projectId: t.projectId, buyerTgId: t.buyerTgId, status: t.status })
    .from(t)
    .where(and(eq(t.id, threadId), inArray(t.projectId, ownActions(db, sellerId))));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function closeThread(db: Executor, threadId: number, at: Date): Promise<void> {
  await db
    .update(t)
    .set({ status: 'closed', closedAt: at })
    .where(and(eq(t.id, threadId), eq(t.status, 'open')));
}

const unansweredCondition = and(eq(t.status, 'open'), eq(t.lastAuthor, 'shopper'));

function listFilter(db: Executor, sellerId: number, filter: { projectId?: number; status?: SupportThreadStatus; threadId?: number }) {
  return and(
    inArray(t.projectId, ownActions(db, sellerId)),
    filter.projectId === undefined ? undefined : eq(t.projectId, filter.projectId),
    filter.status === undefined ? undefined : eq(t.status, filter.status),
    filter.threadId === undefined ? undefined : eq(t.id, filter.threadId),
  );
}

export async function countUnanswered(db: Executor, sellerId: number, projectId: number | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(t)
    .where(and(listFilter(db, sellerId, { projectId }), unansweredCondition));
  return row?.total ?? 0;
}

/** Threads with their shopper's names and last message, newest activity first. */
export async function readThreads(
  db: Executor,
  sellerId: number,
  filter: { projectId?: number; status?: SupportThreadStatus; threadId?: number },
  limit: number,
) {
  const last = db.select({ text: msg.text }).from(msg).where(eq(msg.threadId, t.id)).orderBy(desc(msg.id)).limit(1);
  return db
    .select({
      id: t.id,
      projectId: t.projectId,
      projectName: projects.name,
      buyerTgId: t.buyerTgId,
      status: t.status,
      lastAuthor: t.lastAuthor,
      createdAt: t.createdAt,
      lastMessageAt: t.lastMessageAt,
      closedAt: t.closedAt,
      firstName: telegramBuyers.firstName,
      username: telegramBuyers.username,
      lastText: sql<string | null>`(${last})`,
      messagesCount: sql<number>`(SELECT count(*)::int FROM ${msg} WHERE ${msg.threadId} = ${t.id})`,
    })
    .from(t)
    .innerJoin(projects, eq(projects.id, t.projectId))
    .leftJoin(telegramBuyers, eq(telegramBuyers.buyerTgId, t.buyerTgId))
    .where(listFilter(db, sellerId, filter) as SQL)
    .orderBy(desc(t.lastMessageAt), desc(t.id))
    .limit(limit);
}

/** A thread's messages in order, without pictures, each seller's reply with its notice's delivery status. */
export async function readMessages(db: Executor, threadId: number) {
  const rows = await db
    .select({
      id: msg.id,
      author: msg.author,
      text: msg.text,
      hasImage: sql<boolean>`${msg.image} IS NOT NULL`,
      createdAt: msg.createdAt,
      delivery: buyerNotices.status,
    })
    .from(msg)
    .leftJoin(buyerNotices, eq(buyerNotices.reference, sql`'support:message:' || ${msg.id}`))
    .where(eq(msg.threadId, threadId))
    .orderBy(msg.id);
  return rows.map((row) => ({ ...row, delivery: row.delivery as SupportDelivery | null }));
}

/** A shopper's picture, only for the seller of its live action. */
export async function readOwnImage(db: Executor, sellerId: number, messageId: number) {
  const [row] = await db
    .select({ image: msg.image, imageType: msg.imageType })
    .from(msg)
    .innerJoin(t, eq(t.id, msg.threadId))
    .where(and(eq(msg.id, messageId), inArray(t.projectId, ownActions(db, sellerId))));
  return row?.image && row.imageType ? { image: row.image, imageType: row.imageType } : undefined;
}

/**
 * Open threads whose shopper's first unanswered message was written at `waitedSince` or before,
 * with the seller's last answer before it (0: none yet) naming that stretch. Only threads with a
 * message in the day before are looked at: an older wait was told when it reached the mark.
 */
export async function unansweredThreads(db: Executor, waitedSince: Date, limit: number) {
  const dayBefore = new Date(waitedSince.getTime() - 24 * 3600_000);
  const result = await db.execute(sql`
    SELECT t.id AS thread_id, t.buyer_tg_id, b.first_name AS buyer_name, p.user_id AS seller_id, p.name AS action, w.answered_up_to
      FROM support_threads t
      JOIN projects p ON p.id = t.project_id AND p.deleted_at IS NULL
      LEFT JOIN telegram_buyers b ON b.buyer_tg_id = t.buyer_tg_id
      CROSS JOIN LATERAL (SELECT coalesce(max(answer.id), 0) AS answered_up_to FROM support_messages answer
                           WHERE answer.thread_id = t.id AND answer.author = 'seller') w
     WHERE t.status = 'open' AND t.last_author = 'shopper'
       AND t.last_message_at > ${dayBefore.toISOString()}::timestamptz
       AND (SELECT min(question.created_at) FROM support_messages question
             WHERE question.thread_id = t.id AND question.author = 'shopper' AND question.id > w.answered_up_to)
           <= ${waitedSince.toISOString()}::timestamptz
     ORDER BY t.last_message_at
     LIMIT ${limit}`);
  return rowsOf<{
    thread_id: number | string;
    buyer_tg_id: string;
    buyer_name: string | null;
    seller_id: number;
    action: string;
    answered_up_to: number | string;
  }>(result).map((row) => ({
    threadId: Number(row.thread_id),
    buyerTgId: row.buyer_tg_id,
    buyerName: row.buyer_name,
    sellerId: Number(row.seller_id),
    action: row.action,
    answeredUpTo: Number(row.answered_up_to),
  }));
}
