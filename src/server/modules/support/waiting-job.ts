import type { Db } from '../../db/connection.js';
import type { JobDefinition } from '../../platform/job.js';
import { supportWaitingNotice } from '../seller-notices/notices.js';
import { queueSellerNotice } from '../seller-notices/outbox.js';
import { unansweredThreads } from './repository.js';

const SUPPORT_WAITING_JOB = 'support-waiting';
/** How long a shopper's question waits for the seller's answer before the seller is told. */
const SUPPORT_WAIT_MS = 15 * 60_000;
const BATCH = 500;

/**
 * Every minute: a shopper whose question has waited 15 minutes is the seller's to hear about, once
 * per unanswered stretch of a thread (the notice's key; a second run queues nothing). The notices'
 * job sends them (the watch finds their due rows).
 */
export function supportWaitingJob(deps: { db: Db; now: () => Date }): JobDefinition {
  return {
    name: SUPPORT_WAITING_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    async handle() {
      const waitedSince = new Date(deps.now().getTime() - SUPPORT_WAIT_MS);
      for (const thread of await unansweredThreads(deps.db, waitedSince, BATCH)) {
        await queueSellerNotice(
          deps.db,
          supportWaitingNotice({
            sellerId: thread.sellerId,
            threadId: thread.threadId,
            answeredUpTo: thread.answeredUpTo,
            action: thread.action,
            buyer: thread.buyerName ?? thread.buyerTgId,
          }),
        );
      }
    },
  };
}
