import { deliverDueMail, nextMailDueAt, type MailDeliveryDeps } from './outbox.js';
import { drainJob } from '../../platform/drain-job.js';
import type { JobDefinition } from '../../platform/job.js';

export const MAIL_JOB = 'mail-delivery';

/** Sends the account mails the outbox holds (password reset, e-mail change); failures keep their own retry time. */
export function mailDeliveryJob(deps: MailDeliveryDeps): JobDefinition {
  return drainJob({ name: MAIL_JOB, drainBatch: () => deliverDueMail(deps), nextDueAt: () => nextMailDueAt(deps.db) });
}
