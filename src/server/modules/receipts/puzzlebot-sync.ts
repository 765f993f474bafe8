import { and, eq, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { buyerPoints, projects, puzzlebotOutbox } from '../../db/schema.js';
import type { PuzzleBotClient } from '../../integrations/puzzlebot/client.js';

export interface OutboxDeps {
  db: Db;
  now: () => Date;
  puzzleBot: PuzzleBotClient;
  retryBaseMs: number;
  log: { warn(data: object, message: string): void };
}

const MAX_ATTEMPTS = 20;
const MAX_DELAY_MS = 60 * 60 * 1000;
const LEASE_MS = 60_000;
const BATCH = 20;
/** PuzzleBot allows 120 requests a minute per bot token; we stay at half of it. */
export const MIN_GAP_PER_TOKEN_MS = 1_000;

export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due pushes (a lease, so parallel workers on several instances never take the same
 * row — SKIP LOCKED) and sends each buyer's current absolute balance, so a repeated push
 * is harmless and a newer push supersedes an older one.
 */
export async function deliverDuePushes(deps: OutboxDeps, lastSentByToken: Map<string, number>): Promise<number> {
  const now = deps.now();
  const claimed = await deps.db.execute(sql`
    UPDATE ${puzzlebotOutbox} SET locked_until = ${new Date(now.getTime() + LEASE_MS)}, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM ${puzzlebotOutbox}
        WHERE status = 'pending' AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
        ORDER BY id LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
     RETURNING id, project_id, buyer_tg_id, attempts`);
  const rows = ((claimed as { rows?: unknown[] }).rows ?? claimed) as { id: number | string; project_id: number; buyer_tg_id: string; attempts: number }[];
  let sent = 0;
  for (const row of rows) {
    const id = Number(row.id);
    const [target] = await deps.db
      .select({ token: projects.puzzleBotToken, variable: projects.puzzleBotPointsVariable, balance: buyerPoints.balance })
      .from(projects)
      .leftJoin(buyerPoints, and(eq(buyerPoints.projectId, projects.id), eq(buyerPoints.buyerTgId, row.buyer_tg_id)))
      .where(eq(projects.id, row.project_id));
    if (!target?.token || !target.variable) {
      await deps.db.update(puzzlebotOutbox).set({ status: 'failed', lastError: 'PuzzleBot is not configured for the action', lockedUntil: null }).where(eq(puzzlebotOutbox.id, id));
      continue;
    }
    const wait = (lastSentByToken.get(target.token) ?? 0) + MIN_GAP_PER_TOKEN_MS - Date.now();
    if (wait > 0) {
      // Over the rate limit for this bot: give the row back for a later round, uncounted.
      await deps.db.update(puzzlebotOutbox).set({ lockedUntil: null, attempts: sql`attempts - 1` }).where(eq(puzzlebotOutbox.id, id));
      continue;
    }
    lastSentByToken.set(target.token, Date.now());
    try {
      await deps.puzzleBot.setVariable({ token: target.token, variable: target.variable, value: target.balance ?? 0, userId: row.buyer_tg_id });
      await deps.db.update(puzzlebotOutbox).set({ status: 'sent', sentAt: deps.now(), lockedUntil: null, lastError: null }).where(eq(puzzlebotOutbox.id, id));
      sent++;
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      deps.log.warn({ outboxId: id, attempts: row.attempts, error: message, giveUp }, 'PuzzleBot push failed');
      await deps.db
        .update(puzzlebotOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: message,
          lockedUntil: null,
          nextAttemptAt: new Date(deps.now().getTime() + retryDelayMs(row.attempts, deps.retryBaseMs)),
        })
        .where(eq(puzzlebotOutbox.id, id));
    }
  }
  return sent;
}

/** When the next pending push is due (null when the outbox is empty). */
export async function nextPushDueAt(db: Db): Promise<Date | null> {
  const [row] = await db.select({ due: min(puzzlebotOutbox.nextAttemptAt) }).from(puzzlebotOutbox).where(eq(puzzlebotOutbox.status, 'pending'));
  return row?.due ?? null;
}
