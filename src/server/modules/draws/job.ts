import { closeDueDraws, type DrawCloseDeps } from './service.js';
import type { JobDefinition } from '../../platform/job.js';

export const DRAWS_CLOSE_JOB = 'draws-close';

/** Every minute: draws whose closing time has come are closed and their winners told. */
export function drawsCloseJob(deps: DrawCloseDeps): JobDefinition {
  return {
    name: DRAWS_CLOSE_JOB,
    cron: '* * * * *',
    retryLimit: 2,
    async handle() {
      await closeDueDraws(deps);
    },
  };
}
