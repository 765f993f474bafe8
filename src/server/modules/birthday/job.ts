import { greetBirthdays, type GreetingDeps } from './service.js';
import type { JobDefinition } from '../../platform/job.js';

export const BIRTHDAYS_JOB = 'birthdays';

/**
 * Every ten minutes: from 10:00 Moscow time, the day's birthdays are greeted (once a year each);
 * the greetings are delivered by the buyer-notices job, woken by `onNoticesQueued`.
 */
export function birthdaysJob(deps: GreetingDeps & { onNoticesQueued: () => void }): JobDefinition {
  return {
    name: BIRTHDAYS_JOB,
    cron: '*/10 * * * *',
    retryLimit: 2,
    async handle() {
      if ((await greetBirthdays(deps)) > 0) deps.onNoticesQueued();
    },
  };
}
