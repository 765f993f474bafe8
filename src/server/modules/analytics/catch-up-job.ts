import type { Db } from '../../db/connection.js';
import { catchUp } from './repository.js';
import type { JobDefinition } from '../../platform/job.js';

export const ANALYTICS_CATCH_UP_JOB = 'analytics-catch-up';

/**
 * Counts checked receipts into the analytics (db/functions/analytics_catch_up.sql): queued a moment after a burst of
 * receipts, and every minute for whatever a crash left. One pass per run: under a steady stream
 * of checks, draining until the queue is empty would count a handful of receipts at a time.
 * Reads of the analytics catch up themselves first, so this only keeps the queue short.
 */
export function analyticsCatchUpJob(db: Db): JobDefinition {
  return {
    name: ANALYTICS_CATCH_UP_JOB,
    cron: '* * * * *',
    retryLimit: 2,
    expireInSeconds: 5 * 60,
    async handle() {
      await catchUp(db);
    },
  };
}
