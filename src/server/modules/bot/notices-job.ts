import { BUYER_NOTICES_JOB } from '../../platform/manifest.js';
import { deliverBuyerNotices, type NoticeDeps } from './notice-delivery.js';
import { nextNoticeDueAt } from '../notices/repository.js';
import { drainJob } from '../../platform/drain-job.js';
import type { JobDefinition } from '../../platform/job.js';

/** Delivers what actions' bots owe their shoppers outside a conversation (expiry reminders, manual adjustments). */
export function buyerNoticesJob(deps: NoticeDeps): JobDefinition {
  return drainJob({ name: BUYER_NOTICES_JOB, drainBatch: () => deliverBuyerNotices(deps), nextDueAt: () => nextNoticeDueAt(deps.db) });
}
