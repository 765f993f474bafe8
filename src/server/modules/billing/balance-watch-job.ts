import { watchBalances, type BalanceWatchDeps } from './balance-watch.js';
import type { JobDefinition, JobLog } from '../../platform/job.js';

export const BALANCE_WATCH_JOB = 'balance-watch';

/** Every ten minutes across all instances: sellers whose actions stopped, or soon will, for lack of balance. */
export function balanceWatchJob(deps: BalanceWatchDeps, log: JobLog): JobDefinition {
  return {
    name: BALANCE_WATCH_JOB,
    cron: '*/10 * * * *',
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    async handle() {
      const told = await watchBalances(deps);
      if (told > 0) log.info({ told }, 'balance notices queued');
    },
  };
}
