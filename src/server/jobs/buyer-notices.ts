import { deliverBuyerNotices, type NoticeDeps } from '../modules/bot/notices/delivery.js';
import { nextNoticeDueAt } from '../modules/bot/notices/repository.js';
import { drainJob } from './drain-job.js';
import type { JobDefinition } from './queue.js';

export const BUYER_NOTICES_JOB = 'buyer-notices';

/** Delivers what actions' bots owe their shoppers outside a conversation (expiry reminders, manual adjustments). */
export function buyerNoticesJob(deps: NoticeDeps): JobDefinition {
  return drainJob({ name: BUYER_NOTICES_JOB, drainBatch: () => deliverBuyerNotices(deps), nextDueAt: () => nextNoticeDueAt(deps.db) });
}
