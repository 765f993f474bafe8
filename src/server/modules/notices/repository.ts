import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.js';
import { claimDue, CLAIM_LEASE_MS, nextDueAt, renewClaims, type OutboxTable } from '../../db/outbox.js';
import { finishOutboxRow, type OutboxOutcome } from '../../db/outbox-pass.js';
import { buyerNotices, guideFiles, projects, shopSettings, users, type GuideAttachment } from '../../db/schema.js';

/** What an action's bot owes a shopper outside a conversation: an expiry reminder, a manual adjustment. */
export interface BuyerNotice {
  projectId: number;
  buyerTgId: string;
  text: string;
  /** The shop's Mini App button under the text, when the action has a shop. */
  shopButton: boolean;
  /** Telegram's «Поделиться номером» keyboard instead: only the action's own bot sends it (the contact comes back to it). */
  contactButton?: boolean;
  /** A file sent instead of a text message (a product guide's PDF or video), `text` as its caption. */
  attachment?: GuideAttachment;
  /** Once-only: a second notice with the same reference is dropped. */
  reference: string;
}

/** Queued in the caller's transaction, so the notice exists exactly when what it tells of does. */
export async function queueBuyerNotice(db: Executor, notice: BuyerNotice): Promise<void> {
  await db.insert(buyerNotices).values(notice).onConflictDoNothing({ target: buyerNotices.reference });
}

/** Rows per insert: well under the 65 535 parameters of one statement. */
const NOTICES_PER_INSERT = 1_000;

/** Many notices at once (a draw's result to each of its shoppers), in the caller's transaction. */
export async function queueBuyerNotices(db: Executor, notices: readonly BuyerNotice[]): Promise<void> {
  for (let i = 0; i < notices.length; i += NOTICES_PER_INSERT) {
    await db
      .insert(buyerNotices)
      .values(notices.slice(i, i + NOTICES_PER_INSERT))
      .onConflictDoNothing({ target: buyerNotices.reference });
  }
}

export const noticeOutbox: OutboxTable = {
  table: buyerNotices,
  key: [buyerNotices.id],
  status: buyerNotices.status,
  doneStatus: 'sent',
  attempts: buyerNotices.attempts,
  nextAttemptAt: buyerNotices.nextAttemptAt,
  lastError: buyerNotices.lastError,
};

/**
 * A notice waits while the action's bot is still answering something the shopper wrote: the answer
 * to a receipt is sent before its update is done, so the guide and warranty its award queued (and
 * anything else due for the shopper) follow it. The condition is the `bot_updates_sender` index's.
 */
const shopperNotBeingAnswered = sql`NOT EXISTS (
  SELECT 1 FROM bot_updates
   WHERE bot_updates.project_id = ${buyerNotices.projectId} AND bot_updates.status = 'pending'
     AND coalesce(bot_updates.payload #>> '{message,from,id}', bot_updates.payload #>> '{callback_query,from,id}') = ${buyerNotices.buyerTgId})`;

export async function claimDueNotices(db: Db, limit: number, leaseMs: number) {
  const t = buyerNotices;
  const rows = await claimDue<{
    id: string | number;
    project_id: number;
    buyer_tg_id: string;
    text: string;
    shop_button: boolean;
    contact_button: boolean;
    attachment: GuideAttachment | string | null;
    attempts: number;
  }>(db, noticeOutbox, {
    limit,
    leaseMs,
    orderBy: [t.id],
    where: shopperNotBeingAnswered,
    returning: [t.id, t.projectId, t.buyerTgId, t.text, t.shopButton, t.contactButton, t.attachment, t.attempts],
  });
  return rows.map((row) => ({
    id: Number(row.id),
    projectId: row.project_id,
    buyerTgId: row.buyer_tg_id,
    text: row.text,
    shopButton: row.shop_button,
    contactButton: row.contact_button,
    attachment: (typeof row.attachment === 'string' ? JSON.parse(row.attachment) : row.attachment) as GuideAttachment | null,
    attempts: row.attempts,
  }));
}

export function renewNoticeClaims(db: Db, ids: readonly number[]): Promise<void> {
  return renewClaims(db, noticeOutbox, ids, CLAIM_LEASE_MS);
}

export async function finishNotice(db: Db, id: number, outcome: OutboxOutcome): Promise<void> {
  await finishOutboxRow(db, noticeOutbox, sql`${buyerNotices.id} = ${id}`, outcome, sql`sent_at = now()`);
}

/** Notices held for an answer in progress are not due: the answer's end wakes the job (updates.ts). */
export function nextNoticeDueAt(db: Db): Promise<Date | null> {
  return nextDueAt(db, noticeOutbox, shopperNotBeingAnswered);
}

/** The bots that may reach the action's shoppers and its shop's token (null: no shop). */
export async function findNoticeTarget(db: Executor, projectId: number) {
  const [row] = await db
    .select({
      actionBotToken: projects.telegramBotToken,
      shopBotToken: shopSettings.telegramBotToken,
      shopToken: shopSettings.token,
      mailingBotToken: users.mailingBotToken,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .leftJoin(shopSettings, eq(shopSettings.projectId, projects.id))
    .where(eq(projects.id, projectId));
  return row;
}

/** The uploaded file a notice sends (a product guide's PDF or video). */
export async function readGuideFile(db: Executor, id: number) {
  const [row] = await db.select({ data: guideFiles.data, fileName: guideFiles.fileName }).from(guideFiles).where(eq(guideFiles.id, id));
  return row;
}
