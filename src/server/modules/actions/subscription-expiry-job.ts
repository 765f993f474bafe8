import type { Db } from '../../db/connection.js';
import { expireSubscriptions } from './service.js';
import type { JobDefinition, JobLog } from '../../platform/job.js';

/**
 * Ends subscriptions that are over, once a minute across all instances. Reads of a seller's
 * actions run the same idempotent sweep for that seller, so no screen shows a stale "active".
 */
export function subscriptionExpiryJob(db: Db, now: () => Date, log: JobLog): JobDefinition {
  return {
    name: 'subscription-expiry',
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    async handle() {
      const count = await expireSubscriptions(db, now());
      if (count > 0) log.info({ count }, 'action subscriptions ended');
    },
  };
}
