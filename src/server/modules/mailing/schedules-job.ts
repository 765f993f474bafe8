import { runDueSchedules, type ScheduleRunDeps } from './schedule-service.js';
import { mailingQueue } from './delivery-job.js';
import type { JobDefinition } from '../../platform/job.js';

export const MAILING_SCHEDULES_JOB = 'mailing-schedules';

/** Every minute (and at each move of the demo clock): scheduled and regular mailings whose time has come start their run. */
export function mailingSchedulesJob(deps: Omit<ScheduleRunDeps, 'queue'>): JobDefinition {
  return {
    name: MAILING_SCHEDULES_JOB,
    cron: '* * * * *',
    retryLimit: 2,
    async handle(_payload, { queue }) {
      await runDueSchedules({ ...deps, queue: mailingQueue(queue) });
    },
  };
}
