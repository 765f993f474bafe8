import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { namedStatement, type Db, type Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import {
  botConnections,
  botUpdates,
  projects,
  receipts,
  shopSettings,
  telegramBuyers,
  type BotConnectionRow,
  type ProjectRow,
} from '../../db/schema.js';

/** A live action with a bot, and its connection (if connected). */
export async function findBotAction(
  db: Executor,
  projectId: number,
): Promise<{ action: ProjectRow; connection: BotConnectionRow | null } | undefined> {
  const [row] = await db
    .select({ action: projects, connection: botConnections })
    .from(projects)
    .leftJoin(botConnections, eq(botConnections.projectId, projects.id))
    .where(eq(projects.id, projectId));
  return row;
}

/**
 * The action answering a stored update, with its shop's token (the Web App button's address): one
 * read per update, prepared by name as every statement on this path is (docs/benchmarks.md, the bot).
 */
const answeringActionQuery = namedStatement('read_answering_action', (db, name) =>
  db
    .select({
      action: projects,
      // Qualified by hand: drizzle writes a column inside sql`` without its table.
      shopToken: sql<string | null>`(SELECT token FROM ${shopSettings} WHERE ${shopSettings}.project_id = ${projects}.id LIMIT 1)`,
    })
    .from(projects)
    .where(eq(projects.id, sql.placeholder('projectId')))
    .prepare(name),
);

export async function findAnsweringAction(
  db: Executor,
  projectId: number,
): Promise<{ action: ProjectRow; shopToken: string | null } | undefined> {
  const [row] = await answeringActionQuery(db).execute({ projectId });
  return row;
}

/** What the webhook checks a delivery against: the live action of the bot and its connection's mode and secret. */
const webhookBotQuery = namedStatement('read_webhook_bot', (db, name) =>
  db
    .select({ projectId: botConnections.projectId, mode: botConnections.mode, webhookSecret: botConnections.webhookSecret })
    .from(botConnections)
    .innerJoin(projects, eq(projects.id, botConnections.projectId))
    .where(and(eq(botConnections.botId, sql.placeholder('botId')), isNull(projects.deletedAt)))
    .prepare(name),
);

export async function findWebhookBot(
  db: Executor,
  botId: number,
): Promise<Pick<BotConnectionRow, 'projectId' | 'mode' | 'webhookSecret'> | undefined> {
  const [row] = await webhookBotQuery(db).execute({ botId });
  return row;
}

export async function saveConnection(
  db: Executor,
  connection: Pick<BotConnectionRow, 'projectId' | 'botId' | 'mode' | 'webhookSecret' | 'setupVersion'>,
): Promise<void> {
  await db
    .insert(botConnections)
    .values(connection)
    .onConflictDoUpdate({
      target: botConnections.projectId,
      set: {
        botId: connection.botId,
        mode: connection.mode,
        webhookSecret: connection.webhookSecret,
        setupVersion: connection.setupVersion,
        updateOffset: 0,
        pollOwner: null,
        pollLeaseUntil: null,
        connectedAt: new Date(),
      },
    });
}

export async function saveMenuUrl(db: Executor, projectId: number, menuUrl: string | null): Promise<void> {
  await db.update(botConnections).set({ menuUrl }).where(eq(botConnections.projectId, projectId));
}

/** Live actions whose bot was set up by an older version, or whose menu button points elsewhere than `shopPrefix`. */
export async function listOutdatedConnections(db: Db, setupVersion: number, shopPrefix: string): Promise<number[]> {
  const result = await db.execute(sql`
    SELECT c.project_id FROM bot_connections c JOIN projects p ON p.id = c.project_id
     WHERE p.deleted_at IS NULL AND (c.setup_version < ${setupVersion} OR (c.menu_url IS NOT NULL AND left(c.menu_url, ${shopPrefix.length}) <> ${shopPrefix}))`);
  return rowsOf<{ project_id: number }>(result).map((row) => Number(row.project_id));
}

export async function deleteConnection(db: Executor, projectId: number): Promise<void> {
  await db.delete(botConnections).where(eq(botConnections.projectId, projectId));
}

/** Takes (or renews) the right to poll a bot for `leaseMs`; null when another instance holds it or the bot is gone. */
export async function takePollLease(
  db: Db,
  projectId: number,
  owner: string,
  leaseMs: number,
): Promise<{ offset: number; botId: number } | null> {
  const result = await db.execute(sql`
    UPDATE bot_connections SET poll_owner = ${owner}, poll_lease_until = now() + ${leaseMs} * interval '1 millisecond'
     WHERE project_id = ${projectId} AND mode = 'polling'
       AND (poll_lease_until IS NULL OR poll_lease_until < now() OR poll_owner = ${owner})
    RETURNING update_offset, bot_id`);
  const row = rowsOf<{ update_offset: string | number; bot_id: string | number }>(result)[0];
  return row ? { offset: Number(row.update_offset), botId: Number(row.bot_id) } : null;
}

export async function releasePollLease(db: Db, projectId: number, owner: string): Promise<void> {
  await db.execute(
    sql`UPDATE bot_connections SET poll_owner = NULL, poll_lease_until = NULL WHERE project_id = ${projectId} AND poll_owner = ${owner}`,
  );
}

/** Polling bots nobody polls now (no lease, or a lease that ran out: its instance died). */
export async function listUnpolledBots(db: Db): Promise<number[]> {
  const result = await db.execute(sql`
    SELECT c.project_id FROM bot_connections c JOIN projects p ON p.id = c.project_id
     WHERE c.mode = 'polling' AND p.deleted_at IS NULL AND (c.poll_lease_until IS NULL OR c.poll_lease_until < now())`);
  return rowsOf<{ project_id: number }>(result).map((row) => Number(row.project_id));
}

/**
 * Keeps updates once per (bot, update_id), so Telegram's redelivery is harmless; with polling the
 * offset moves in the same transaction, so a crash between the two cannot skip an update.
 */
export async function storeUpdates(
  db: Db,
  batch: { botId: number; projectId: number; updates: { update_id: number }[]; newOffset?: number },
): Promise<number> {
  if (batch.updates.length === 0 && batch.newOffset === undefined) return 0;
  // A webhook's one update is one statement: no transaction to open and commit around it.
  if (batch.updates.length === 1 && batch.newOffset === undefined) {
    const update = batch.updates[0]!;
    const inserted = await insertOneUpdateQuery(db).execute({
      botId: batch.botId,
      updateId: update.update_id,
      projectId: batch.projectId,
      payload: JSON.stringify(update),
    });
    return inserted.length;
  }
  return db.transaction(async (tx: Executor) => {
    let stored = 0;
    for (const update of batch.updates) stored += await insertUpdate(tx, batch.botId, batch.projectId, update);
    if (batch.newOffset !== undefined) {
      await tx.update(botConnections).set({ updateOffset: batch.newOffset }).where(eq(botConnections.projectId, batch.projectId));
    }
    return stored;
  });
}

/** insertUpdate's statement, prepared by name for the webhook's one update per request. */
const insertOneUpdateQuery = namedStatement('insert_bot_update', (db, name) =>
  db
    .insert(botUpdates)
    .values({
      botId: sql.placeholder('botId'),
      updateId: sql.placeholder('updateId'),
      projectId: sql.placeholder('projectId'),
      payload: sql`${sql.placeholder('payload')}::jsonb`,
    })
    .onConflictDoNothing()
    .returning({ id: botUpdates.updateId })
    .prepare(name),
);

async function insertUpdate(db: Executor, botId: number, projectId: number, update: { update_id: number }): Promise<number> {
  const inserted = await db
    .insert(botUpdates)
    .values({ botId, updateId: update.update_id, projectId, payload: update })
    .onConflictDoNothing()
    .returning({ id: botUpdates.updateId });
  return inserted.length;
}

export interface PendingUpdate {
  botId: number;
  updateId: number;
  projectId: number;
  payload: unknown;
  reply: BotReply | null;
  attempts: number;
}

export interface BotReply {
  chatId: number;
  text: string;
  replyMarkup?: unknown;
}

/** Claims due updates in arrival order; SKIP LOCKED lets several instances share them. */
export async function claimUpdates(db: Db, limit: number, leaseMs: number): Promise<PendingUpdate[]> {
  const result = await db.execute(sql`
    UPDATE bot_updates u SET attempts = u.attempts + 1, next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
      FROM (SELECT bot_id, update_id FROM bot_updates WHERE status = 'pending' AND next_attempt_at <= now()
             ORDER BY received_at, update_id LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
     WHERE u.bot_id = due.bot_id AND u.update_id = due.update_id
    RETURNING u.bot_id, u.update_id, u.project_id, u.payload, u.reply, u.attempts`);
  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  return rowsOf<{ bot_id: string; update_id: string; project_id: number; payload: unknown; reply: unknown; attempts: number }>(result)
    .map((row) => ({
      botId: Number(row.bot_id),
      updateId: Number(row.update_id),
      projectId: Number(row.project_id),
      payload: json(row.payload),
      reply: (json(row.reply) ?? null) as BotReply | null,
      attempts: row.attempts,
    }))
    .sort((a, b) => a.updateId - b.updateId);
}

/**
 * A drain's heartbeat: the updates it still works on stay claimed `leaseMs` from now (a check
 * waiting for the tax service may take longer than the lease; a drain that died stops renewing).
 */
export async function renewUpdateLeases(
  db: Db,
  updates: readonly Pick<PendingUpdate, 'botId' | 'updateId'>[],
  leaseMs: number,
): Promise<void> {
  if (updates.length === 0) return;
  const keys = sql.join(
    updates.map((update) => sql`(${update.botId}::bigint, ${update.updateId}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE bot_updates SET next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
     WHERE status = 'pending' AND (bot_id, update_id) IN (VALUES ${keys})`);
}

/**
 * The answer worked out for an update, kept before it is sent: a retry after a failed send or a
 * crash sends this one and never checks the receipt again (which, on an action that allows repeats,
 * would award its points twice).
 */
const saveReplyQuery = namedStatement('save_bot_reply', (db, name) =>
  db
    .update(botUpdates)
    .set({ reply: sql`${sql.placeholder('reply')}::jsonb` })
    .where(and(eq(botUpdates.botId, sql.placeholder('botId')), eq(botUpdates.updateId, sql.placeholder('updateId'))))
    .prepare(name),
);

export async function saveReply(db: Db, update: Pick<PendingUpdate, 'botId' | 'updateId'>, reply: BotReply): Promise<void> {
  await saveReplyQuery(db).execute({ botId: update.botId, updateId: update.updateId, reply: JSON.stringify(reply) });
}

/** An answered update: done (its answer was kept by `saveReply` before the send). One statement prepared by name. */
const finishAnsweredQuery = namedStatement('finish_bot_update', (db, name) =>
  db
    .update(botUpdates)
    .set({
      status: 'done',
      processedAt: sql`${sql.placeholder('processedAt')}::timestamptz`,
      lastError: null,
    })
    .where(and(eq(botUpdates.botId, sql.placeholder('botId')), eq(botUpdates.updateId, sql.placeholder('updateId'))))
    .prepare(name),
);

/** Ends an attempt at an update. */
export async function finishUpdate(
  db: Db,
  update: Pick<PendingUpdate, 'botId' | 'updateId'>,
  outcome: { done: true } | { done: false; error: string; retryAt: Date | null },
): Promise<void> {
  if (outcome.done) {
    await finishAnsweredQuery(db).execute({
      botId: update.botId,
      updateId: update.updateId,
      processedAt: new Date().toISOString(),
    });
    return;
  }
  await db
    .update(botUpdates)
    .set({
      status: outcome.retryAt ? 'pending' : 'failed',
      lastError: outcome.error.slice(0, 500),
      ...(outcome.retryAt ? { nextAttemptAt: outcome.retryAt } : {}),
    })
    .where(and(eq(botUpdates.botId, update.botId), eq(botUpdates.updateId, update.updateId)));
}

export async function nextUpdateDueAt(db: Db): Promise<Date | null> {
  const result = await db.execute(sql`SELECT min(next_attempt_at) AS due FROM bot_updates WHERE status = 'pending'`);
  const due = rowsOf<{ due: string | Date | null }>(result)[0]?.due;
  return due ? new Date(due) : null;
}

/**
 * A shopper's name as Telegram last showed it. Prepared by name; a row that already says the same
 * is left alone (no new row version to write and vacuum for every message of a known shopper).
 */
const rememberBuyerQuery = namedStatement('remember_telegram_buyer', (db, name) =>
  db
    .insert(telegramBuyers)
    .values({ buyerTgId: sql.placeholder('id'), firstName: sql.placeholder('firstName'), username: sql.placeholder('username') })
    .onConflictDoUpdate({
      target: telegramBuyers.buyerTgId,
      set: { firstName: sql`excluded.first_name`, username: sql`excluded.username`, updatedAt: sql`now()` },
      setWhere: sql`(${telegramBuyers.firstName}, ${telegramBuyers.username}) IS DISTINCT FROM (excluded.first_name, excluded.username)`,
    })
    .prepare(name),
);

export async function rememberBuyer(db: Executor, buyer: { id: string; firstName: string | null; username: string | null }): Promise<void> {
  await rememberBuyerQuery(db).execute(buyer);
}

export async function lastReceipts(db: Executor, projectId: number, buyerTgId: string, limit: number) {
  return db
    .select({ status: receipts.status, cancelledAt: receipts.cancelledAt, scannedAt: receipts.scannedAt, points: receipts.pointsAwarded })
    .from(receipts)
    .where(and(eq(receipts.projectId, projectId), eq(receipts.buyerTgId, buyerTgId)))
    .orderBy(desc(receipts.id))
    .limit(limit);
}

export async function findShopToken(db: Executor, projectId: number): Promise<string | null> {
  const [row] = await db.select({ token: shopSettings.token }).from(shopSettings).where(eq(shopSettings.projectId, projectId));
  return row?.token ?? null;
}

// ---- the seller's order of the menu (this module sits below actions, so it reads the row itself) ----

const sellersLiveAction = (sellerId: number, projectId: number) =>
  and(eq(projects.id, projectId), eq(projects.userId, sellerId), isNull(projects.deletedAt));

export async function findSellersAction(db: Executor, sellerId: number, projectId: number): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(sellersLiveAction(sellerId, projectId)).limit(1);
  return row;
}

/** Stores the order; the action as it is now, or undefined when it is not the seller's live action. */
export async function saveMenuOrder(db: Executor, sellerId: number, projectId: number, order: string[]): Promise<ProjectRow | undefined> {
  const [row] = await db.update(projects).set({ botMenuOrder: order }).where(sellersLiveAction(sellerId, projectId)).returning();
  return row;
}
