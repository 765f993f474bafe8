import { expireDuePoints, remindExpiringPoints, type ExpiryDeps } from './expiry.js';
import type { JobDefinition } from '../../platform/job.js';

export const POINTS_EXPIRY_JOB = 'points-expiry';

/**
 * Every ten minutes: points whose time has come expire, then shoppers whose points expire soon are
 * reminded (the reminder's notice is delivered by the buyer-notices job, woken by `onNoticesQueued`).
 */
export function pointsExpiryJob(deps: ExpiryDeps & { onNoticesQueued: () => void }): JobDefinition {
  return {
    name: POINTS_EXPIRY_JOB,
    cron: '*/10 * * * *',
    retryLimit: 2,
    async handle() {
      await expireDuePoints(deps);
      if ((await remindExpiringPoints(deps)) > 0) deps.onNoticesQueued();
    },
  };
}
