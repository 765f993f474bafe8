import { drainJob } from '../../platform/drain-job.js';
import type { JobDefinition } from '../../platform/job.js';
import { deliverDueNotices, nextNoticeDueAt, type NoticeDeliveryDeps } from './delivery.js';
import { SELLER_NOTICES_JOB } from './outbox.js';
import { pollNotifyBot, type BotUpdateDeps } from './service.js';

const NOTIFY_BOT_JOB = 'seller-notice-bot';

/** Sends the queued seller notices (e-mail through the mail outbox, Telegram through the notification bot). */
export function noticeDeliveryJob(deps: NoticeDeliveryDeps): JobDefinition {
  return drainJob({ name: SELLER_NOTICES_JOB, drainBatch: () => deliverDueNotices(deps), nextDueAt: () => nextNoticeDueAt(deps.db) });
}

/**
 * The notification bot's updates (links and /stop), every minute; the watch reads them every few
 * seconds too, so a seller who pressed «Запустить» sees the link in the profile at once.
 */
export function notifyBotJob(deps: BotUpdateDeps): JobDefinition {
  return {
    name: NOTIFY_BOT_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 2 * 60,
    async handle() {
      await pollNotifyBot(deps);
    },
  };
}
