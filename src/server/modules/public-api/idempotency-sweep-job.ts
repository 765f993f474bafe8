import type { JobDefinition } from '../../platform/job.js';
import type { ModuleLog } from '../../platform/manifest.js';
import { IDEMPOTENCY_TTL_MS, type IdempotencyDeps } from './idempotency.js';
import { sweepIdempotencyKeys } from './idempotency-repository.js';

export const IDEMPOTENCY_SWEEP_JOB = 'api-idempotency-sweep';

/** Hourly across all instances: answers kept for replays longer than 24 hours are deleted (an expired key is reused anyway). */
export function idempotencySweepJob(deps: IdempotencyDeps & { log: ModuleLog }): JobDefinition {
  return {
    name: IDEMPOTENCY_SWEEP_JOB,
    cron: '17 * * * *',
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    async handle() {
      const swept = await sweepIdempotencyKeys(deps.db, new Date(deps.now().getTime() - IDEMPOTENCY_TTL_MS));
      if (swept > 0) deps.log.info({ swept }, 'expired idempotency keys deleted');
    },
  };
}
