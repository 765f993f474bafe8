import { deliverMailing, type DeliveryDeps } from './delivery.js';
import { listSendingMailingIds } from './repository.js';
import type { MailingQueue } from './service.js';
import type { JobDefinition, JobQueue } from '../../platform/job.js';

/** One job runs a mailing for this long, then queues its continuation (other work gets a turn). */
const SLICE_MS = 20_000;
/**
 * A mailing no worker touched for this long lost its worker (a crash): the resume job picks it up.
 * Workers touch it every batch and every HEARTBEAT_MS (three beats fit in it).
 */
export const MAILING_IDLE_MS = 10_000;
export const MAILING_DELIVER_JOB = 'mailing-deliver';
export const MAILING_RESUME_JOB = 'mailing-resume';

/** The mailing module's queue port, on the job queue. */
export function mailingQueue(queue: Pick<JobQueue, 'send'>): MailingQueue {
  return {
    deliverLater: (mailingId, startAfter) => queue.send(MAILING_DELIVER_JOB, { mailingId }, { startAfter }),
  };
}

export function mailingDeliveryJob(deps: DeliveryDeps): JobDefinition<{ mailingId: number }> {
  return {
    name: MAILING_DELIVER_JOB,
    retryLimit: 10,
    // Past its slice and the send timeout, a job still "active" belonged to an instance that died.
    expireInSeconds: 120,
    async handle({ mailingId }, { signal, queue }) {
      const progress = await deliverMailing(deps, mailingId, { sliceMs: SLICE_MS, signal });
      if (progress.state === 'continue') await queue.send(MAILING_DELIVER_JOB, { mailingId }, { startAfter: progress.at });
    },
  };
}

/**
 * Safety net for durability: a mailing whose worker died (or whose continuation was never
 * queued) is picked up again. Runs every minute, once at start-up for every open mailing, and
 * whenever an instance's watch (watch.ts) sees an orphaned mailing.
 */
export function mailingResumeJob(deps: Pick<DeliveryDeps, 'db'>): JobDefinition<{ all?: boolean }> {
  return {
    name: MAILING_RESUME_JOB,
    cron: '* * * * *',
    retryLimit: 1,
    async handle({ all }, { queue }) {
      const ids = await listSendingMailingIds(deps.db, all ? undefined : MAILING_IDLE_MS);
      for (const mailingId of ids) await queue.send(MAILING_DELIVER_JOB, { mailingId });
    },
  };
}
