import { expireSubscriptions } from './service.js';
import type { JobDefinition, JobLog } from '../../platform/job.js';
import { warnUncoveredRenewals, type RenewalWarningDeps } from './renewal-warning.js';

/**
 * Once a minute across all instances: renews the actions set to renew automatically whose end date
 * has come, ends the subscriptions that are over, and warns sellers whose balance will not cover an
 * automatic renewal within three days. Reads of a seller's actions run the same idempotent
 * renewal-and-end sweep for that seller, so no screen shows a stale "active".
 */
export function subscriptionExpiryJob(deps: RenewalWarningDeps, log: JobLog): JobDefinition {
  return {
    name: 'subscription-expiry',
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    async handle() {
      const count = await expireSubscriptions(deps.db, deps.now());
      if (count > 0) {
        log.info({ count }, 'action subscriptions ended');
        deps.onNoticesQueued();
      }
      await warnUncoveredRenewals(deps);
    },
  };
}
