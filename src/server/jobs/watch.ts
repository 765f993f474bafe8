import type { Db } from '../db/connection.js';
import { outboxesWithDueRows, type OutboxTable } from '../db/outbox.js';
import { WATCH_MS, type JobQueue } from '../platform/job.js';

export interface WatchDeps {
  db: Db;
  queue: Pick<JobQueue, 'sendDebounced' | 'repeatOrphaned'>;
  /** The modules' own parts of the watch (bots nobody polls, orphaned updates and mailings). */
  modules: readonly (() => Promise<void>)[];
  /** The delivery outboxes and the job that drains each: a row due now (a dead worker's claim ran out) queues its job. */
  outboxes: readonly { job: string; outbox: OutboxTable }[];
}

/**
 * One look: each module takes over what a dead instance held of its work, due outbox rows are
 * drained, and jobs a dead instance was running are queued again.
 */
export async function takeOverOrphanedWork(deps: WatchDeps): Promise<void> {
  for (const watch of deps.modules) await watch();
  // Reads on every instance; each job is queued once across all of them per watch (debounced).
  const due = await outboxesWithDueRows(
    deps.db,
    deps.outboxes.map(({ job, outbox }) => ({ name: job, outbox })),
  );
  for (const job of due) await deps.queue.sendDebounced(job, WATCH_MS / 1000);
  await deps.queue.repeatOrphaned();
}
