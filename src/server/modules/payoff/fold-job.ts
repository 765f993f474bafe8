import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { JobDefinition } from '../../platform/job.js';

/**
 * Every minute: the points changes appended for the liability of «Окупаемость» are folded into one
 * row per action (and day of expiry) (db/functions/payoff_totals_fold.sql), so a read sums at most
 * a minute of changes and never writes.
 */
export function payoffFoldJob(db: Db): JobDefinition {
  return {
    name: 'payoff-fold',
    cron: '* * * * *',
    retryLimit: 2,
    expireInSeconds: 5 * 60,
    async handle() {
      await db.execute(sql`SELECT payoff_totals_fold()`);
    },
  };
}
