import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { heartbeat } from '../../db/heartbeat.js';
import {
  claimDue,
  CLAIM_LEASE_MS,
  CLAIM_RENEW_MS,
  markDone,
  markFailed,
  markRetry,
  nextDueAt,
  nextTry,
  outboxRetry,
  renewClaims,
  type OutboxTable,
} from '../../db/outbox.js';
import { buyerPoints, projects, puzzlebotOutbox } from '../../db/schema.js';
import type { PuzzleBotClient } from '../../integrations/puzzlebot/client.js';

export interface OutboxDeps {
  db: Db;
  now: () => Date;
  puzzleBot: PuzzleBotClient;
  retryBaseMs: number;
  log: { warn(data: object, message: string): void };
}

const BATCH = 20;
/** PuzzleBot allows 120 requests a minute per bot token; we stay at half of it. */
export const MIN_GAP_PER_TOKEN_MS = 1_000;

const t = puzzlebotOutbox;
export const pushOutbox: OutboxTable = {
  table: t,
  key: [t.id],
  status: t.status,
  doneStatus: 'sent',
  attempts: t.attempts,
  nextAttemptAt: t.nextAttemptAt,
  lastError: t.lastError,
  lease: { column: t.lockedUntil },
};

/**
 * Claims due pushes (a lease, so parallel workers on several instances never take the same
 * row — SKIP LOCKED) and sends each buyer's current absolute balance, so a repeated push
 * is harmless and a newer push supersedes an older one.
 */
export async function deliverDuePushes(deps: OutboxDeps, lastSentByToken: Map<string, number>): Promise<number> {
  const rows = await claimDue<{ id: number | string; project_id: number; buyer_tg_id: string; attempts: number }>(deps.db, pushOutbox, {
    limit: BATCH,
    leaseMs: CLAIM_LEASE_MS,
    orderBy: [t.id],
    returning: [t.id, t.projectId, t.buyerTgId, t.attempts],
    now: deps.now(),
  });
  if (rows.length === 0) return 0;
  // A push waiting for PuzzleBot keeps its rows; a dead instance's are free within the lease.
  const open = new Set(rows.map((row) => Number(row.id)));
  const beating = heartbeat({
    beat: () => renewClaims(deps.db, pushOutbox, [...open], CLAIM_LEASE_MS),
    everyMs: CLAIM_RENEW_MS,
    onError: (error) => deps.log.warn({ err: error }, 'could not renew the claims of PuzzleBot pushes'),
  });
  let sent = 0;
  try {
    for (const row of rows) {
      if (await pushOne(deps, row, lastSentByToken)) sent++;
      open.delete(Number(row.id));
    }
  } finally {
    await beating.stop();
  }
  return sent;
}

/** Sends one claimed push and marks it; answers whether it was sent. */
async function pushOne(
  deps: OutboxDeps,
  row: { id: number | string; project_id: number; buyer_tg_id: string; attempts: number },
  lastSentByToken: Map<string, number>,
): Promise<boolean> {
  const id = Number(row.id);
  const thisPush = sql`${t.id} = ${id}`;
  const [target] = await deps.db
    .select({ token: projects.puzzleBotToken, variable: projects.puzzleBotPointsVariable, balance: buyerPoints.balance })
    .from(projects)
    .leftJoin(buyerPoints, and(eq(buyerPoints.projectId, projects.id), eq(buyerPoints.buyerTgId, row.buyer_tg_id)))
    .where(eq(projects.id, row.project_id));
  if (!target?.token || !target.variable) {
    await deps.db.execute(markFailed(pushOutbox, thisPush, 'PuzzleBot is not configured for the action'));
    return false;
  }
  const wait = (lastSentByToken.get(target.token) ?? 0) + MIN_GAP_PER_TOKEN_MS - Date.now();
  if (wait > 0) {
    // Over the rate limit for this bot: give the row back for a later round, uncounted.
    await deps.db
      .update(puzzlebotOutbox)
      .set({ lockedUntil: null, attempts: sql`attempts - 1` })
      .where(eq(puzzlebotOutbox.id, id));
    return false;
  }
  lastSentByToken.set(target.token, Date.now());
  try {
    await deps.puzzleBot.setVariable({
      token: target.token,
      variable: target.variable,
      value: target.balance ?? 0,
      userId: row.buyer_tg_id,
    });
    await deps.db.execute(markDone(pushOutbox, thisPush, sql`sent_at = ${deps.now()}`));
    return true;
  } catch (error) {
    const message = (error as Error).message;
    const next = nextTry(row.attempts, outboxRetry(deps.retryBaseMs));
    deps.log.warn({ outboxId: id, attempts: row.attempts, error: message.slice(0, 500), giveUp: !next }, 'PuzzleBot push failed');
    await deps.db.execute(
      next
        ? markRetry(pushOutbox, thisPush, { delayMs: next.delayMs, error: message, now: deps.now() })
        : markFailed(pushOutbox, thisPush, message),
    );
    return false;
  }
}

/** When the next pending push is due (null when the outbox is empty). */
export async function nextPushDueAt(db: Db): Promise<Date | null> {
  return nextDueAt(db, pushOutbox);
}
