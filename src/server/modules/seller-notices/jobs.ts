import { drainJob } from '../../platform/drain-job.js';
import type { JobDefinition } from '../../platform/job.js';
import type { Db } from '../../db/connection.js';
import { deliverDueNotices, nextNoticeDueAt, type NoticeDeliveryDeps } from './delivery.js';
import { queueDailyDigests } from './digest.js';
import { SELLER_NOTICES_JOB } from './outbox.js';
import { pollNotifyBot, type BotUpdateDeps } from './service.js';

const NOTIFY_BOT_JOB = 'seller-notice-bot';
const DAILY_DIGEST_JOB = 'seller-daily-digest';

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

/**
 * Every ten minutes: from 09:00 Moscow time, yesterday's digests are queued (once per seller and
 * day), so an instance down at 09:00 sends them when it is back; the delivery job is woken.
 */
export function dailyDigestJob(deps: { db: Db; now: () => Date; onQueued: () => void }): JobDefinition {
  return {
    name: DAILY_DIGEST_JOB,
    cron: '*/10 * * * *',
    retryLimit: 2,
    async handle() {
      if ((await queueDailyDigests(deps)) > 0) deps.onQueued();
    },
  };
}
