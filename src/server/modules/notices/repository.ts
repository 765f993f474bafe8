import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.js';
import { claimDueInIndexOrder, CLAIM_LEASE_MS, MAX_ERROR_LENGTH, nextDueAt, renewClaims, type OutboxTable } from '../../db/outbox.js';
import type { OutboxOutcome } from '../../db/outbox-pass.js';
import { jsonOf, rowsOf } from '../../db/rows.js';
import { buyerNotices, guideFiles, projects, shopSettings, users, type ExpiringPoints, type GuideAttachment } from '../../db/schema.js';

/** What an action's bot owes a shopper outside a conversation: a manual adjustment, a draw's result (expiry reminders are queued by their own statement). */
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

/**
 * Many notices at once (a draw's winners, a day's released holds), in the caller's transaction: one
 * statement reading them from one JSON parameter, where a multi-row insert took seven query
 * parameters a notice (and a statement per thousand).
 */
export async function queueBuyerNotices(db: Executor, notices: readonly BuyerNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const rows = JSON.stringify(
    notices.map((notice) => ({
      project_id: notice.projectId,
      buyer_tg_id: notice.buyerTgId,
      text: notice.text,
      shop_button: notice.shopButton,
      contact_button: notice.contactButton ?? false,
      attachment: notice.attachment ?? null,
      reference: notice.reference,
    })),
  );
  await db.execute(sql`
    INSERT INTO buyer_notices (project_id, buyer_tg_id, text, shop_button, contact_button, attachment, reference)
    SELECT project_id, buyer_tg_id, text, shop_button, contact_button, attachment, reference
      FROM jsonb_to_recordset(${rows}::jsonb)
        AS notice(project_id int, buyer_tg_id text, text text, shop_button boolean, contact_button boolean, attachment jsonb, reference text)
    ON CONFLICT (reference) DO NOTHING`);
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

/** The oldest due first, read from the buyer_notices_due index in that order (0067) and never sorted. */
export async function claimDueNotices(db: Db, limit: number, leaseMs: number) {
  const t = buyerNotices;
  const rows = await claimDueInIndexOrder<{
    id: string | number;
    project_id: number;
    buyer_tg_id: string;
    text: string | null;
    expiring: ExpiringPoints | string | null;
    shop_button: boolean;
    contact_button: boolean;
    attachment: GuideAttachment | string | null;
    attempts: number;
  }>(db, noticeOutbox, {
    limit,
    leaseMs,
    orderBy: [t.nextAttemptAt, t.id],
    where: shopperNotBeingAnswered,
    returning: [t.id, t.projectId, t.buyerTgId, t.text, t.expiring, t.shopButton, t.contactButton, t.attachment, t.attempts],
  });
  return rows.map((row) => ({
    id: Number(row.id),
    projectId: row.project_id,
    buyerTgId: row.buyer_tg_id,
    text: row.text,
    expiring: jsonOf<ExpiringPoints>(row.expiring),
    shopButton: row.shop_button,
    contactButton: row.contact_button,
    attachment: jsonOf<GuideAttachment>(row.attachment),
    attempts: row.attempts,
  }));
}

export function renewNoticeClaims(db: Db, ids: readonly number[]): Promise<void> {
  return renewClaims(db, noticeOutbox, ids, CLAIM_LEASE_MS);
}

/**
 * A pass's notices marked with their outcomes in one statement: delivered, due again after their
 * wait (the error kept), or given up with the reason (db/outbox.ts's marks, for many rows).
 */
export async function finishNotices(db: Db, outcomes: readonly { id: number; outcome: OutboxOutcome }[]): Promise<void> {
  if (outcomes.length === 0) return;
  const values = outcomes.map(({ id, outcome }) => {
    const error = outcome.status === 'sent' ? null : outcome.error.slice(0, MAX_ERROR_LENGTH);
    const delayMs = outcome.status === 'pending' ? outcome.delayMs : 0;
    return sql`(${id}::bigint, ${outcome.status}::text, ${error}::text, ${delayMs}::int)`;
  });
  await db.execute(sql`
    UPDATE buyer_notices n
       SET status = o.status, last_error = o.error,
           next_attempt_at = CASE WHEN o.status = 'pending' THEN now() + o.delay_ms * interval '1 millisecond' ELSE n.next_attempt_at END,
           sent_at = CASE WHEN o.status = 'sent' THEN now() ELSE n.sent_at END
      FROM (VALUES ${sql.join(values, sql`, `)}) AS o (id, status, error, delay_ms)
     WHERE n.id = o.id`);
}

/**
 * Gives up, in one statement, the named actions' notices this pass claimed and up to `limit` of
 * their other due notices (actions with no bot to send through), each with `reason`, as a failed
 * try would; answers how many. A notice another worker holds is not due (its claim moved its due
 * time), so none is given up twice.
 */
export async function giveUpNoticesOf(
  db: Db,
  options: { projectIds: readonly number[]; claimedIds: readonly number[]; limit: number; reason: string },
): Promise<number> {
  if (options.projectIds.length === 0) return 0;
  const claimed = sql`${`{${options.claimedIds.join(',')}}`}::bigint[]`;
  // The ids are gathered first (a condition with OR would read the whole table, sent notices included).
  const result = await db.execute(sql`
    WITH due AS (
      SELECT id FROM buyer_notices
       WHERE project_id = ANY(${`{${options.projectIds.join(',')}}`}::int[]) AND status = 'pending' AND next_attempt_at <= now()
       LIMIT ${options.limit} FOR UPDATE SKIP LOCKED)
    UPDATE buyer_notices
       -- A claim counted its try already.
       SET status = 'failed', attempts = attempts + CASE WHEN id = ANY(${claimed}) THEN 0 ELSE 1 END,
           last_error = ${options.reason.slice(0, MAX_ERROR_LENGTH)}
     WHERE id IN (SELECT id FROM due UNION ALL SELECT unnest(${claimed}))
    RETURNING 1`);
  return rowsOf(result).length;
}

/** Notices held for an answer in progress are not due: the answer's end wakes the job (updates.ts). */
export function nextNoticeDueAt(db: Db): Promise<Date | null> {
  return nextDueAt(db, noticeOutbox, shopperNotBeingAnswered);
}

/** The bots that may reach each named action's shoppers and its shop's token (null: no shop), by action. */
export async function findNoticeTargets(db: Executor, projectIds: readonly number[]) {
  if (projectIds.length === 0) return new Map<number, NoticeTarget>();
  const rows = await db
    .select({
      projectId: projects.id,
      actionName: projects.name,
      actionBotToken: projects.telegramBotToken,
      shopBotToken: shopSettings.telegramBotToken,
      shopToken: shopSettings.token,
      mailingBotToken: users.mailingBotToken,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .leftJoin(shopSettings, eq(shopSettings.projectId, projects.id))
    .where(inArray(projects.id, [...projectIds]));
  return new Map(rows.map(({ projectId, ...target }) => [projectId, target]));
}

export interface NoticeTarget {
  actionName: string;
  actionBotToken: string | null;
  shopBotToken: string | null;
  shopToken: string | null;
  mailingBotToken: string | null;
}

/** The uploaded file a notice sends (a product guide's PDF or video). */
export async function readGuideFile(db: Executor, id: number) {
  const [row] = await db.select({ data: guideFiles.data, fileName: guideFiles.fileName }).from(guideFiles).where(eq(guideFiles.id, id));
  return row;
}
