import type { Db } from '../db/connection.js';
import type { BotPollers } from '../modules/bot/pollers.js';
import { listSendingMailingIds } from '../modules/mailing/repository.js';
import { MAILING_IDLE_MS, MAILING_RESUME_JOB } from './mailing-delivery.js';
import type { JobQueue } from './queue.js';

/**
 * How often each instance looks for work a dead instance held. pg-boss's crons are minute-grained
 * and its expiry waits out a job's whole allowance; this local timer lets a survivor take over
 * within the leases (10–20 s) plus one watch.
 */
export const WATCH_MS = 5_000;

export interface WatchDeps {
  db: Db;
  queue: Pick<JobQueue, 'sendDebounced'>;
  pollers: Pick<BotPollers, 'superviseAll'>;
  /** Drains stored bot updates here: claims whose drain died are due again once their lease ran out. */
  answerUpdatesHere: () => void;
}

/** One look: bots nobody polls are polled here, orphaned updates answered, orphaned mailings resumed. */
export async function takeOverOrphanedWork(deps: WatchDeps): Promise<void> {
  await deps.pollers.superviseAll();
  deps.answerUpdatesHere();
  // A read on every instance; the resume job, once across all of them per watch (debounced).
  if ((await listSendingMailingIds(deps.db, MAILING_IDLE_MS)).length > 0)
    await deps.queue.sendDebounced(MAILING_RESUME_JOB, WATCH_MS / 1000);
}
