import type { ModuleManifest } from '../../platform/manifest.js';
import { MAIL_JOB, mailDeliveryJob } from './delivery-job.js';
import { mailOutboxTable } from './outbox.js';

/** Account mails: their outbox and its delivery over SMTP. */
export const mailModule: ModuleManifest = {
  name: 'mail',
  jobs: (context) => [mailDeliveryJob(context)],
  outboxes: [{ job: MAIL_JOB, outbox: mailOutboxTable }],
};
