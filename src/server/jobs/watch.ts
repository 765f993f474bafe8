import type { Db } from '../db/connection.js';
import { outboxesWithDueRows, type OutboxTable } from '../db/outbox.js';
import type { BotPollers } from '../modules/bot/pollers.js';
import { listSendingMailingIds } from '../modules/mailing/repository.js';
import { MAILING_IDLE_MS, MAILING_RESUME_JOB } from './mailing-delivery.js';
import type { JobQueue } from '../platform/job.js';

/**
 * How often each instance looks for work a dead instance held. pg-boss's crons are minute-grained
 * and its expiry is checked every half minute; this local timer lets a survivor take over within
 * the leases (10–15 s) plus one watch.
 */
export const WATCH_MS = 5_000;

export interface WatchDeps {
  db: Db;
  queue: Pick<JobQueue, 'sendDebounced' | 'repeatOrphaned'>;
  pollers: Pick<BotPollers, 'superviseAll'>;
  /** Drains stored bot updates here: claims whose drain died are due again once their lease ran out. */
  answerUpdatesHere: () => void;
  /** The delivery outboxes and the job that drains each: a row due now (a dead worker's claim ran out) queues its job. */
  outboxes: readonly { job: string; outbox: OutboxTable }[];
}

/**
 * One look: bots nobody polls are polled here, orphaned updates answered, orphaned mailings
 * resumed, due outbox rows drained, and jobs a dead instance was running queued again.
 */
export async function takeOverOrphanedWork(deps: WatchDeps): Promise<void> {
  await deps.pollers.superviseAll();
  deps.answerUpdatesHere();
  // Reads on every instance; each job is queued once across all of them per watch (debounced).
  if ((await listSendingMailingIds(deps.db, MAILING_IDLE_MS)).length > 0)
    await deps.queue.sendDebounced(MAILING_RESUME_JOB, WATCH_MS / 1000);
  const due = await outboxesWithDueRows(
    deps.db,
    deps.outboxes.map(({ job, outbox }) => ({ name: job, outbox })),
  );
  for (const job of due) await deps.queue.sendDebounced(job, WATCH_MS / 1000);
  await deps.queue.repeatOrphaned();
}
