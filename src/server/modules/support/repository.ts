import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { SUPPORT_THREAD_STATUSES, type SupportAuthor, type SupportDelivery, type SupportThreadStatus } from '../../../contract/support.js';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { buyerNotices, projects, supportMessages, supportThreads } from '../../db/schema.js';

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

// Written as `support_threads_unanswered`'s condition (constants, not parameters), so the count reads that index.
const unansweredCondition = sql`${t.status} = 'open' AND ${t.lastAuthor} = 'shopper'`;

export async function countUnanswered(db: Executor, sellerId: number, projectId: number | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(t)
    .where(
      and(
        inArray(t.projectId, ownActions(db, sellerId)),
        projectId === undefined ? undefined : eq(t.projectId, projectId),
        unansweredCondition,
      ),
    );
  return row?.total ?? 0;
}

interface ThreadRow {
  id: number | string;
  project_id: number;
  project_name: string;
  buyer_tg_id: string;
  status: SupportThreadStatus;
  last_author: SupportAuthor;
  created_at: Date | string;
  last_message_at: Date | string;
  closed_at: Date | string | null;
  first_name: string | null;
  username: string | null;
  last_text: string | null;
  messages_count: number | string;
  /** `last_message_at` as PostgreSQL prints it: the exact key of the list's position. */
  position: string;
}

/** Where the previous page ended: its last thread's activity (as `position` printed it) and id. */
export interface ThreadPosition {
  at: string;
  id: number;
}

export type ThreadSummaryRow = ReturnType<typeof threadOf>;

const threadOf = (row: ThreadRow) => ({
  id: Number(row.id),
  projectId: row.project_id,
  projectName: row.project_name,
  buyerTgId: row.buyer_tg_id,
  status: row.status,
  lastAuthor: row.last_author,
  createdAt: new Date(row.created_at),
  lastMessageAt: new Date(row.last_message_at),
  closedAt: row.closed_at === null ? null : new Date(row.closed_at),
  firstName: row.first_name,
  username: row.username,
  lastText: row.last_text,
  messagesCount: Number(row.messages_count),
  position: { at: row.position, id: Number(row.id) } satisfies ThreadPosition,
});

/** The columns of a listed thread over `page` (threads `t` with their action `p`), its last message and count read per thread shown. */
async function readSummaries(db: Executor, page: SQL) {
  const result = await db.execute(sql`
    SELECT t.id, t.project_id, t.project_name, t.buyer_tg_id, t.status, t.last_author, t.created_at, t.last_message_at,
           t.last_message_at::text AS position, t.closed_at, b.first_name, b.username,
           (SELECT m.text FROM support_messages m WHERE m.thread_id = t.id ORDER BY m.id DESC LIMIT 1) AS last_text,
           (SELECT count(*) FROM support_messages m WHERE m.thread_id = t.id) AS messages_count
      FROM (${page}) t
      LEFT JOIN telegram_buyers b ON b.buyer_tg_id = t.buyer_tg_id
     ORDER BY t.last_message_at DESC, t.id DESC`);
  return rowsOf<ThreadRow>(result).map(threadOf);
}

/**
 * A page of the seller's threads, newest activity first (ties by id), after `after`. Each of the
 * seller's live actions, and each status asked for, is one range of `support_threads_list`
 * read from where the page starts and cut at `limit`; the ranges are merged and cut again. The cost
 * is the number of the seller's actions times the page, however deep the page and however many
 * threads: no read of the whole inbox and no sort of it.
 */
export async function readThreadPage(
  db: Executor,
  sellerId: number,
  filter: { projectId?: number; status?: SupportThreadStatus },
  after: ThreadPosition | undefined,
  limit: number,
) {
  const statuses = filter.status === undefined ? SUPPORT_THREAD_STATUSES : [filter.status];
  return readSummaries(
    db,
    sql`
      SELECT th.*, p.name AS project_name
        FROM projects p
       CROSS JOIN unnest(${`{${statuses.join(',')}}`}::text[]) AS s(status)
       CROSS JOIN LATERAL (
             SELECT * FROM support_threads th
              WHERE th.project_id = p.id AND th.status = s.status
                ${after === undefined ? sql`` : sql`AND (th.last_message_at, th.id) < (${after.at}::timestamptz, ${after.id}::bigint)`}
              ORDER BY th.last_message_at DESC, th.id DESC
              LIMIT ${limit}) th
       WHERE p.user_id = ${sellerId} AND p.deleted_at IS NULL
             ${filter.projectId === undefined ? sql`` : sql`AND p.id = ${filter.projectId}`}
       ORDER BY th.last_message_at DESC, th.id DESC
       LIMIT ${limit}`,
  );
}

/** One thread of the seller's live actions as the list shows it, or undefined. */
export async function readThreadSummary(db: Executor, sellerId: number, threadId: number) {
  const [row] = await readSummaries(
    db,
    sql`
      SELECT th.*, p.name AS project_name
        FROM support_threads th
        JOIN projects p ON p.id = th.project_id AND p.user_id = ${sellerId} AND p.deleted_at IS NULL
       WHERE th.id = ${threadId}`,
  );
  return row;
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
