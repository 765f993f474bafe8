import type { ModuleManifest } from '../../platform/manifest.js';
import { BUYER_NOTICES_JOB, buyerNoticesJob } from './notices-job.js';
import { noticeOutbox } from '../notices/repository.js';

/**
 * The Telegram adapter's own work in the module list: delivering what the modules queued for
 * shoppers outside a conversation (modules/notices). Last in the list, so the test clock's run of
 * the periodic jobs delivers the reminders and greetings queued by the jobs before it.
 */
export const botModule: ModuleManifest = {
  name: 'bot',
  jobs: (context) => [buyerNoticesJob(context)],
  outboxes: [{ job: BUYER_NOTICES_JOB, outbox: noticeOutbox }],
};
