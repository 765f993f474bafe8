import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { SegmentConditions } from '../../../contract/segments.js';
import type { Db, Executor } from '../../db/connection.js';
import { claimDueInIndexOrder, markDone, markFailed, markRetry, nextDueAt, type OutboxTable } from '../../db/outbox.js';
import { rowsOf } from '../../db/rows.js';
import type { ShopperBatch } from '../segments/repository.js';
import { openSecret } from '../../sealing/column.js';
import { skipOptedOutRecipients } from './consent-repository.js';
import { newLinkKey } from './links.js';
import { mailingRecipients, mailings, projects, users, type MailingRow, type StoredMailingButton } from '../../db/schema.js';
import { mailingFinishedNotice } from '../seller-notices/notices.js';
import { queueSellerNotice } from '../seller-notices/outbox.js';

// Every read takes the seller's id: another seller's mailing is simply not found.

export async function saveMailingBot(db: Db, sellerId: number, bot: { token: string; username: string }): Promise<void> {
  await db.update(users).set({ mailingBotToken: bot.token, mailingBotUsername: bot.username }).where(eq(users.id, sellerId));
}

export async function findMailingBot(db: Db, sellerId: number): Promise<{ token: string | null; username: string | null } | undefined> {
  const [row] = await db
    .select({ token: users.mailingBotToken, username: users.mailingBotUsername })
    .from(users)
    .where(eq(users.id, sellerId));
  return row;
}

export interface NewMailing {
  sellerId: number;
  /** The mailing bot's token, or the action whose bot sends (its token is read at each send). */
  sender: { botToken: string } | { projectId: number };
  botId: number;
  text: string;
  parseMode: 'HTML' | 'MarkdownV2' | null;
  imageUrl: string | null;
  button: StoredMailingButton | null;
  /** The ids given by hand (the request's list, capped by MAILING_MAX_RECIPIENTS). */
  chatIds: readonly (string | number)[];
  /**
   * A segment's shoppers (`buyer_tg_id`), written after the ids given, `batch` at a time: no cap.
   * With `rest`, only the first batch is written here; a segment larger than that keeps `rest`
   * with the mailing, and the background job writes the others (`writeNextSegmentBatch`).
   */
  segment?: { shoppers: ShopperBatch; batch: number; rest?: KeptSegment };
  /** The schedule's run that makes this mailing. */
  run?: { scheduleId: number; at: Date };
}

/** A segment kept with its mailing while its shoppers are written in the background. */
export interface KeptSegment {
  conditions: SegmentConditions;
  /** The moment the conditions are read at, for every batch. */
  asOf: Date;
}

/** A mailing as written: its id, its recipients so far, and whether the job still writes a segment's others. */
export interface WrittenMailing {
  id: number;
  total: number;
  preparing: boolean;
}

/** The mailing and all its recipients, in one transaction: either all are queued or none. Answers its id and recipients. */
export async function insertMailing(db: Db, mailing: NewMailing): Promise<WrittenMailing> {
  return db.transaction((tx: Executor) => insertMailingIn(tx, mailing));
}

/**
 * As insertMailing, inside the caller's transaction (a schedule's run claims its time in the same
 * one). The count is that of the rows written, so the mailing's figure is what it delivers. With
 * none written (an empty segment) the caller must roll the mailing back.
 */
export async function insertMailingIn(tx: Executor, mailing: NewMailing): Promise<WrittenMailing> {
  const [row] = await tx
    .insert(mailings)
    .values({
      userId: mailing.sellerId,
      botToken: 'botToken' in mailing.sender ? mailing.sender.botToken : null,
      projectId: 'projectId' in mailing.sender ? mailing.sender.projectId : null,
      botId: mailing.botId,
      text: mailing.text,
      parseMode: mailing.parseMode,
      imageUrl: mailing.imageUrl,
      button: mailing.button,
      // Counted once its recipients are written (the table allows no mailing to nobody: a caller
      // answered 0 rolls the mailing back).
      total: 1,
      scheduleId: mailing.run?.scheduleId ?? null,
      runAt: mailing.run?.at ?? null,
      linkKey: newLinkKey(),
    })
    .returning({ id: mailings.id });
  const id = row!.id;
  // One statement for the ids given, whatever their number: they travel as one array parameter.
  let total = await count(
    tx,
    sql`INSERT INTO mailing_recipients (mailing_id, chat_id)
        SELECT ${id}, chat_id FROM unnest(${`{${mailing.chatIds.join(',')}}`}::bigint[]) AS chat_id
        ON CONFLICT DO NOTHING RETURNING 1`,
  );
  const segment = mailing.segment;
  let rest: (KeptSegment & { after: string }) | null = null;
  if (segment?.rest) {
    const first = await writeSegmentBatch(tx, id, segment.shoppers, null, segment.batch);
    total += first.added;
    if (first.last !== null) rest = { ...segment.rest, after: first.last };
  } else if (segment) {
    total += await insertSegmentRecipients(tx, id, segment.shoppers, segment.batch);
  }
  if (total === 0) return { id, total, preparing: false };
  await tx.execute(sql`
    UPDATE mailings SET total = ${total}, segment_conditions = ${rest && JSON.stringify(rest.conditions)}::jsonb,
           segment_as_of = ${rest?.asOf.toISOString() ?? null}::timestamptz, segment_after = ${rest?.after ?? null}::text
     WHERE id = ${id}`);
  await skipOptedOutRecipients(tx, id);
  return { id, total, preparing: rest !== null };
}

async function count(tx: Executor, inserting: SQL): Promise<number> {
  const [row] = rowsOf<{ count: string | number }>(
    await tx.execute(sql`WITH written AS (${inserting}) SELECT count(*) AS count FROM written`),
  );
  return Number(row?.count ?? 0);
}

/**
 * Writes a segment's shoppers as the mailing's recipients, `batch` at a time in the order of their
 * IDs, each batch after the last one's ID: the set never passes through the server, and a
 * statement's cost is one batch's whatever the segment's size. A shopper already written (an id
 * given by hand too, or a run written again) is not written twice. Answers how many were added.
 */
async function insertSegmentRecipients(tx: Executor, mailingId: number, shoppers: ShopperBatch, batch: number): Promise<number> {
  let after: string | null = null;
  let added = 0;
  for (;;) {
    const written = await writeSegmentBatch(tx, mailingId, shoppers, after, batch);
    added += written.added;
    if (written.last === null) return added;
    after = written.last;
  }
}

/**
 * One batch of a segment's shoppers after `after` (null: from the first), written as recipients.
 * Answers how many were new, and the batch's last shopper while the segment may have more (null:
 * the batch was not full, nothing is left).
 */
async function writeSegmentBatch(
  tx: Executor,
  mailingId: number,
  shoppers: ShopperBatch,
  after: string | null,
  batch: number,
): Promise<{ added: number; last: string | null }> {
  const [row] = rowsOf<{ read: string | number; last: string | null; added: string | number }>(
    await tx.execute(sql`
      WITH batch AS (${shoppers(after, batch)}),
      written AS (
        INSERT INTO mailing_recipients (mailing_id, chat_id)
        SELECT ${mailingId}::bigint, buyer_tg_id::bigint FROM batch
        ON CONFLICT DO NOTHING RETURNING 1)
      SELECT (SELECT count(*) FROM batch) AS read, (SELECT max(buyer_tg_id) FROM batch) AS last,
             (SELECT count(*) FROM written) AS added`),
  );
  const full = Number(row?.read ?? 0) === batch;
  return { added: Number(row?.added ?? 0), last: full ? (row?.last ?? null) : null };
}

/** The segment a mailing still writes in the background, and its seller and action; undefined once all are written. */
export async function findKeptSegment(
  db: Executor,
  mailingId: number,
): Promise<(KeptSegment & { sellerId: number; projectId: number }) | undefined> {
  const [row] = await db
    .select({
      sellerId: mailings.userId,
      projectId: mailings.projectId,
      conditions: mailings.segmentConditions,
      asOf: mailings.segmentAsOf,
    })
    .from(mailings)
    .where(and(eq(mailings.id, mailingId), eq(mailings.status, 'sending'), isNotNull(mailings.segmentConditions)));
  return row && { sellerId: row.sellerId, projectId: row.projectId!, conditions: row.conditions!, asOf: row.asOf! };
}

/**
 * Writes the next batch of a kept segment after the mailing's cursor, and moves the cursor and the
 * count in the same transaction, under the mailing's row lock: a worker that dies after a commit
 * leaves the next batch to the next worker, one that dies before leaves this one; two at once take
 * turns. The last batch (not full, or `shoppers` null: the segment can no longer be read) clears the
 * kept segment and skips the opted-out, as a mailing written at once. Answers whether any are left.
 */
export async function writeNextSegmentBatch(
  db: Db,
  mailingId: number,
  shoppers: ShopperBatch | null,
  batch: number,
): Promise<'more' | 'done'> {
  return db.transaction(async (tx: Executor) => {
    const [kept] = rowsOf<{ segment_after: string }>(
      await tx.execute(sql`
        SELECT segment_after FROM mailings
         WHERE id = ${mailingId} AND status = 'sending' AND segment_conditions IS NOT NULL FOR UPDATE`),
    );
    if (!kept) return 'done';
    const written = shoppers ? await writeSegmentBatch(tx, mailingId, shoppers, kept.segment_after, batch) : { added: 0, last: null };
    await tx.execute(sql`
      UPDATE mailings SET total = total + ${written.added}, last_worked_at = now(), segment_after = ${written.last}::text,
             segment_conditions = CASE WHEN ${written.last}::text IS NULL THEN NULL ELSE segment_conditions END,
             segment_as_of = CASE WHEN ${written.last}::text IS NULL THEN NULL ELSE segment_as_of END
       WHERE id = ${mailingId}`);
    if (written.last !== null) return 'more';
    await skipOptedOutRecipients(tx, mailingId);
    return 'done';
  });
}

export async function findMailing(db: Db, sellerId: number, mailingId: number): Promise<MailingRow | undefined> {
  const [row] = await db
    .select()
    .from(mailings)
    .where(and(eq(mailings.id, mailingId), eq(mailings.userId, sellerId)));
  return row;
}

/** For the worker: the mailing whatever its seller. */
export async function findMailingForDelivery(db: Db, mailingId: number): Promise<MailingRow | undefined> {
  const [row] = await db.select().from(mailings).where(eq(mailings.id, mailingId));
  return row;
}

/** A mailing with the recipients it still has to send (pending or being sent). */
export interface MailingWithProgress {
  mailing: MailingRow;
  /** The name of the action whose bot sends the mailing (null: the mailing bot). */
  projectName: string | null;
  openRecipients: number;
}

/**
 * The figures and the open count in one statement, so one snapshot: read apart, a recipient
 * finishing between the two reads showed `pending: 0` beside a `sent` that lacked it.
 */
const withProgress = {
  mailing: mailings,
  projectName: sql<string | null>`(SELECT ${projects.name} FROM ${projects} WHERE ${projects.id} = ${mailings.projectId})`,
  // A finished mailing has none left (completeMailing checks), and need not count them.
  openRecipients: sql<number>`CASE WHEN ${mailings.status} = 'done' THEN 0 ELSE (SELECT count(*)::int FROM ${mailingRecipients} recipient
    WHERE recipient.mailing_id = ${mailings}.id AND recipient.state IN ('pending', 'sending')) END`,
};

export async function findMailingWithProgress(db: Db, sellerId: number, mailingId: number): Promise<MailingWithProgress | undefined> {
  const [row] = await db
    .select(withProgress)
    .from(mailings)
    .where(and(eq(mailings.id, mailingId), eq(mailings.userId, sellerId)));
  return row;
}

export async function listMailings(db: Db, sellerId: number, limit: number): Promise<MailingWithProgress[]> {
  return db.select(withProgress).from(mailings).where(eq(mailings.userId, sellerId)).orderBy(desc(mailings.id)).limit(limit);
}

/**
 * Mailings still sending; with `idleMs`, only those no worker has touched for that long that have a
 * recipient nobody sends: due for that long too, or claimed by a worker whose claim ran out (a live
 * one renews it). A mailing whose recipients wait for a retry has its continuation queued, which
 * takes them when they fall due: counting them as soon as due would resume it into a second chain.
 * One whose segment is still being written counts too: its recipients wait for the rest.
 */
export async function listSendingMailingIds(db: Db, idleMs?: number): Promise<number[]> {
  const orphaned =
    idleMs === undefined
      ? sql`true`
      : sql`(m.last_worked_at IS NULL OR m.last_worked_at < now() - ${idleMs} * interval '1 millisecond')
         AND (m.segment_conditions IS NOT NULL OR EXISTS (SELECT 1 FROM mailing_recipients r WHERE r.mailing_id = m.id
               AND ((r.state = 'pending' AND r.next_attempt_at < now() - ${idleMs} * interval '1 millisecond')
                 OR (r.state = 'sending' AND r.claimed_until < now()))))`;
  const result = await db.execute(sql`SELECT m.id FROM mailings m WHERE m.status = 'sending' AND ${orphaned} ORDER BY m.id`);
  return rowsOf<{ id: string | number }>(result).map((row) => Number(row.id));
}

/**
 * A working worker's heartbeat: the claims it still holds run `leaseMs` from now, and the mailing
 * shows it was worked on just now (the survivors' watch resumes a mailing only once that stops).
 */
export async function renewMailingWork(db: Db, mailingId: number, chatIds: readonly number[], leaseMs: number): Promise<void> {
  const renewClaims =
    chatIds.length === 0
      ? sql``
      : sql`WITH renewed AS (
              UPDATE mailing_recipients SET claimed_until = now() + ${leaseMs} * interval '1 millisecond'
               WHERE mailing_id = ${mailingId} AND state = 'sending'
                 AND chat_id = ANY(${`{${chatIds.join(',')}}`}::bigint[]))
            `;
  await db.execute(sql`${renewClaims}UPDATE mailings SET last_worked_at = now() WHERE id = ${mailingId}`);
}

/**
 * A worker's sign of life on a mailing, its current status (the seller may have cancelled it) and
 * the token it goes out with now: its own, or its action's current one (null once the action is
 * deleted or its bot removed), so a changed action bot is used from the next batch on.
 */
export async function touchMailing(
  db: Db,
  mailingId: number,
): Promise<{ status: MailingRow['status']; botToken: string | null } | undefined> {
  const result = await db.execute(sql`
    UPDATE mailings m SET last_worked_at = now() WHERE id = ${mailingId}
    RETURNING status, CASE WHEN m.project_id IS NULL THEN m.bot_token
      ELSE (SELECT p.telegram_bot_token FROM projects p WHERE p.id = m.project_id AND p.deleted_at IS NULL) END AS bot_token`);
  const row = rowsOf<{ status: MailingRow['status']; bot_token: string | null }>(result)[0];
  // Raw SQL bypasses the sealed column type: the token is opened here.
  return row && { status: row.status, botToken: openSecret(row.bot_token) };
}

export async function listRecipientErrors(db: Db, mailingId: number, limit: number): Promise<{ chatId: number; error: string | null }[]> {
  return db
    .select({ chatId: mailingRecipients.chatId, error: mailingRecipients.error })
    .from(mailingRecipients)
    .where(and(eq(mailingRecipients.mailingId, mailingId), eq(mailingRecipients.state, 'failed')))
    .orderBy(mailingRecipients.chatId)
    .limit(limit);
}

export interface ClaimedRecipient {
  chatId: number;
  attempts: number;
}

const recipientOutbox: OutboxTable = {
  table: mailingRecipients,
  key: [mailingRecipients.mailingId, mailingRecipients.chatId],
  status: mailingRecipients.state,
  doneStatus: 'sent',
  attempts: mailingRecipients.attempts,
  nextAttemptAt: mailingRecipients.nextAttemptAt,
  lastError: mailingRecipients.error,
  lease: { column: mailingRecipients.claimedUntil, claimedStatus: 'sending' },
};

const recipient = (mailingId: number, chatId: number) =>
  sql`${mailingRecipients.mailingId} = ${mailingId} AND ${mailingRecipients.chatId} = ${chatId}`;

/**
 * Claims up to `limit` recipients that are due, for `leaseMs`. A recipient whose lease ran out
 * (its worker died mid-send) is claimed again: that message may repeat, none is lost.
 * SKIP LOCKED lets workers on several instances share one mailing without waiting on each other.
 */
export async function claimRecipients(db: Db, mailingId: number, limit: number, leaseMs: number): Promise<ClaimedRecipient[]> {
  const r = mailingRecipients;
  const rows = await claimDueInIndexOrder<{ chat_id: string | number; attempts: number }>(db, recipientOutbox, {
    limit,
    leaseMs,
    where: sql`${r.mailingId} = ${mailingId}`,
    orderBy: [r.nextAttemptAt, r.chatId],
    returning: [r.chatId, r.attempts],
  });
  return rows.map((row) => ({ chatId: Number(row.chat_id), attempts: row.attempts }));
}

/** Records one recipient's final outcome and counts it on the mailing, once (only while it is being sent). */
export async function finishRecipient(
  db: Db,
  mailingId: number,
  chatId: number,
  outcome: { sent: true } | { sent: false; error: string },
): Promise<void> {
  const row = recipient(mailingId, chatId);
  const mark = outcome.sent ? markDone(recipientOutbox, row, sql`sent_at = now()`) : markFailed(recipientOutbox, row, outcome.error);
  const count = outcome.sent ? sql`sent = sent + (SELECT count(*) FROM done)` : sql`failed = failed + (SELECT count(*) FROM done)`;
  await db.execute(sql`WITH done AS (${mark} RETURNING 1) UPDATE mailings SET ${count} WHERE id = ${mailingId}`);
}

/** Gives a recipient back for a later attempt (rate limit, Telegram unavailable). */
export async function retryRecipientLater(db: Db, mailingId: number, chatId: number, delayMs: number, error: string): Promise<void> {
  await db.execute(markRetry(recipientOutbox, recipient(mailingId, chatId), { delayMs, error }));
}

export async function rememberPhotoFileId(db: Db, mailingId: number, fileId: string): Promise<void> {
  await db.execute(sql`UPDATE mailings SET photo_file_id = COALESCE(photo_file_id, ${fileId}) WHERE id = ${mailingId}`);
}

/** When the next open recipient is due; null when none is left to send. */
export async function nextRecipientDueAt(db: Db, mailingId: number): Promise<Date | null> {
  return nextDueAt(db, recipientOutbox, sql`${mailingRecipients.mailingId} = ${mailingId}`);
}

/**
 * Ends a mailing with nothing left to send, and tells the seller its figures (`mailing_finished`)
 * in the same transaction: the notice exists exactly when the mailing is done.
 */
export async function completeMailing(db: Db, mailingId: number): Promise<void> {
  await db.transaction(async (tx: Executor) => {
    const [done] = rowsOf<{ user_id: number; text: string; total: number; sent: number; failed: number }>(
      await tx.execute(sql`
        UPDATE mailings SET status = 'done', finished_at = now()
         WHERE id = ${mailingId} AND status = 'sending' AND segment_conditions IS NULL
           AND NOT EXISTS (SELECT 1 FROM mailing_recipients WHERE mailing_id = ${mailingId} AND state IN ('pending', 'sending'))
        RETURNING user_id, text, total, sent, failed`),
    );
    if (!done) return;
    await queueSellerNotice(
      tx,
      mailingFinishedNotice({
        sellerId: Number(done.user_id),
        mailingId,
        text: done.text,
        total: Number(done.total),
        sent: Number(done.sent),
        failed: Number(done.failed),
      }),
    );
  });
}

/**
 * Stops a mailing: recipients not yet sent are cancelled (those being sent this very moment
 * finish). `failed` ends it with an error for every open recipient (the bot's token was revoked).
 */
export async function stopMailing(db: Db, mailingId: number, how: { status: 'cancelled' | 'failed'; error: string }): Promise<boolean> {
  return db.transaction(async (tx: Executor) => {
    const stopped = rowsOf(
      await tx.execute(sql`
        UPDATE mailings SET status = ${how.status}, finished_at = now(), segment_conditions = NULL, segment_as_of = NULL, segment_after = NULL
         WHERE id = ${mailingId} AND status = 'sending' RETURNING id`),
    );
    if (stopped.length === 0) return false;
    const closedStates = how.status === 'cancelled' ? sql`('pending')` : sql`('pending', 'sending')`;
    const newState = how.status === 'cancelled' ? 'cancelled' : 'failed';
    await tx.execute(sql`
      WITH closed AS (
        UPDATE mailing_recipients SET state = ${newState}, error = ${how.error}, claimed_until = NULL
         WHERE mailing_id = ${mailingId} AND state IN ${closedStates}
        RETURNING 1)
      UPDATE mailings SET failed = failed + CASE WHEN ${newState} = 'failed' THEN (SELECT count(*) FROM closed) ELSE 0 END
       WHERE id = ${mailingId}`);
    return true;
  });
}

/**
 * Reserves `count` consecutive send slots of a bot, `gapMs` apart, after its last reserved one.
 * Answers how long to wait (ms) before each slot, by the database's clock, which all instances share.
 */
export async function reserveSendSlots(db: Db, botId: number, count: number, gapMs: number): Promise<number[]> {
  const result = await db.execute(sql`
    INSERT INTO telegram_send_pace AS pace (bot_id, next_slot_at)
    VALUES (${botId}, clock_timestamp() + ${count * gapMs} * interval '1 millisecond')
    ON CONFLICT (bot_id) DO UPDATE
       SET next_slot_at = greatest(pace.next_slot_at, clock_timestamp()) + ${count * gapMs} * interval '1 millisecond'
    RETURNING (extract(epoch FROM (next_slot_at - clock_timestamp())) * 1000)::float8 AS end_in_ms`);
  const endInMs = Number(rowsOf<{ end_in_ms: number }>(result)[0]?.end_in_ms ?? 0);
  const firstInMs = endInMs - count * gapMs;
  return Array.from({ length: count }, (_, index) => Math.max(0, firstInMs + index * gapMs));
}

/** Pushes a bot's next slot back after Telegram asked it to slow down. */
export async function pauseBot(db: Db, botId: number, pauseMs: number): Promise<void> {
  await db.execute(sql`
    UPDATE telegram_send_pace SET next_slot_at = greatest(next_slot_at, clock_timestamp() + ${pauseMs} * interval '1 millisecond')
     WHERE bot_id = ${botId}`);
}

/** Recipients of the mailings being sent, by where they are (the metrics' gauge, read at scrape). */
export async function readSendingProgress(db: Executor): Promise<{ sent: number; failed: number; pending: number }> {
  const [row] = rowsOf<{ sent: string | number; failed: string | number; pending: string | number }>(
    await db.execute(sql`
      SELECT coalesce(sum(sent), 0) AS sent, coalesce(sum(failed), 0) AS failed, coalesce(sum(total - sent - failed - opted_out), 0) AS pending
        FROM mailings WHERE status = 'sending'`),
  );
  return { sent: Number(row?.sent ?? 0), failed: Number(row?.failed ?? 0), pending: Number(row?.pending ?? 0) };
}

/** What a recipient's link needs of its mailing, whatever its seller (the link's signature is the proof). */
export async function findMailingLinks(
  db: Db,
  mailingId: number,
): Promise<{ sellerId: number; linkKey: string | null; button: StoredMailingButton | null } | undefined> {
  const [row] = await db
    .select({ sellerId: mailings.userId, linkKey: mailings.linkKey, button: mailings.button })
    .from(mailings)
    .where(eq(mailings.id, mailingId));
  return row;
}

/** A recipient's press of the link button: counted on the mailing the first time only. */
export async function recordClick(db: Db, mailingId: number, chatId: number): Promise<void> {
  await db.execute(sql`
    WITH clicked AS (
      UPDATE mailing_recipients SET clicked_at = now()
       WHERE ${recipient(mailingId, chatId)} AND clicked_at IS NULL
      RETURNING 1)
    UPDATE mailings SET clicks = clicks + 1 WHERE id = ${mailingId} AND EXISTS (SELECT 1 FROM clicked)`);
}
