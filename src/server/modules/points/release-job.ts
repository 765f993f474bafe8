import type { JobDefinition } from '../../platform/job.js';
import { releaseDueHolds, type ReleaseDeps } from './release.js';

export const POINTS_RELEASE_JOB = 'points-release';

/**
 * Every ten minutes: held points whose day has come become available (a hold ends at the start of
 * a Moscow day, so a release is at most ten minutes late), and their shoppers are told (the notice
 * is delivered by the buyer-notices job, woken by `onNoticesQueued`).
 */
export function pointsReleaseJob(deps: ReleaseDeps & { onNoticesQueued: () => void }): JobDefinition {
  return {
    name: POINTS_RELEASE_JOB,
    cron: '*/10 * * * *',
    retryLimit: 2,
    async handle() {
      if ((await releaseDueHolds(deps)) > 0) deps.onNoticesQueued();
    },
  };
}
