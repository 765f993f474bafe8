import type { SQL } from 'drizzle-orm';
import type { Executor } from './connection.js';
import { heartbeat } from './heartbeat.js';
import { CLAIM_RENEW_MS, markDone, markFailed, markRetry, nextTry, type OutboxTable, type RetryPolicy } from './outbox.js';

/** How one claimed row ended: delivered, due again after a wait, or given up with its reason. */
export type OutboxOutcome =
  { status: 'sent' } | { status: 'pending'; error: string; delayMs: number } | { status: 'failed'; error: string };

/**
 * Thrown by a `send` when no later try can mend the row (the action is gone, the receiver is not
 * configured): the row is given up at once, whatever the outbox's `isFinal` says.
 */
export class NotDeliverable extends Error {}

/** Marks one claimed row (`row` selects it) with its outcome; `doneAlso` sets the table's own columns once delivered. */
export async function finishOutboxRow(db: Executor, outbox: OutboxTable, row: SQL, outcome: OutboxOutcome, doneAlso?: SQL): Promise<void> {
  if (outcome.status === 'sent') await db.execute(markDone(outbox, row, doneAlso));
  else if (outcome.status === 'pending') await db.execute(markRetry(outbox, row, outcome));
  else await db.execute(markFailed(outbox, row, outcome.error));
}

interface PassRules<Item extends { attempts: number }> {
  send(item: Item): Promise<void>;
  /**
   * Which of the outbox's own errors no later try can mend (the recipient refused for good): given
   * up at once, as a NotDeliverable is.
   */
  isFinal?(error: unknown): boolean;
  retry: RetryPolicy;
  warn(item: Item, error: string, giveUp: boolean): void;
  /**
   * Renews the claims of the rows not yet finished (`renewClaims`), every CLAIM_RENEW_MS while the
   * pass works: a slow batch keeps its rows, a dead instance's rows are free within the lease.
   */
  renew(open: readonly Item[]): Promise<void>;
  renewFailed(error: unknown): void;
}

/**
 * A row is marked as it ends (`finish`), or the pass's rows all at its end in one statement
 * (`finishAll`: a crash before it sends the batch's delivered rows again, at least once as ever).
 */
export type OutboxPass<Item extends { attempts: number }> = PassRules<Item> &
  (
    | { finish(item: Item, outcome: OutboxOutcome): Promise<void> }
    | { finishAll(outcomes: readonly { item: Item; outcome: OutboxOutcome }[]): Promise<void> }
  );

/**
 * One pass over claimed outbox rows: each is sent and marked delivered, due again with a doubling
 * wait, or failed with its reason once final or out of tries — never dropped silently.
 */
export async function deliverClaimed<Item extends { attempts: number }>(items: readonly Item[], pass: OutboxPass<Item>): Promise<number> {
  if (items.length === 0) return 0;
  const open = new Set(items);
  const beating = heartbeat({ beat: () => pass.renew([...open]), everyMs: CLAIM_RENEW_MS, onError: pass.renewFailed });
  try {
    const outcomes: { item: Item; outcome: OutboxOutcome }[] = [];
    for (const item of items) {
      const outcome = await attempt(item, pass);
      if ('finish' in pass) {
        await pass.finish(item, outcome);
        open.delete(item);
      } else outcomes.push({ item, outcome });
    }
    if ('finishAll' in pass) await pass.finishAll(outcomes);
  } finally {
    await beating.stop();
  }
  return items.length;
}

async function attempt<Item extends { attempts: number }>(item: Item, pass: PassRules<Item>): Promise<OutboxOutcome> {
  try {
    await pass.send(item);
    return { status: 'sent' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = error instanceof NotDeliverable || (pass.isFinal?.(error) ?? false);
    const next = final ? null : nextTry(item.attempts, pass.retry);
    pass.warn(item, message, !next);
    return next ? { status: 'pending', error: message, delayMs: next.delayMs } : { status: 'failed', error: message };
  }
}
