import { deliverShopNotifications, type NotificationDeps } from '../modules/shop/notifications.js';
import { nextNotificationDueAt } from '../modules/shop/repository.js';
import type { JobDefinition } from './queue.js';

export const SHOP_NOTIFY_JOB = 'shop-notify';

/**
 * Delivers the shop's notifications (PuzzleBot exchange, messages to the buyer). An exchange
 * queues this job after its commit; a minute cron catches whatever a crash left in between.
 */
export function shopNotificationJob(deps: NotificationDeps): JobDefinition {
  return {
    name: SHOP_NOTIFY_JOB,
    cron: '* * * * *',
    retryLimit: 2,
    expireInSeconds: 5 * 60,
    async handle(_data, { signal, queue }) {
      while (!signal.aborted && (await deliverShopNotifications(deps)) > 0);
      const next = await nextNotificationDueAt(deps.db);
      if (next) await queue.send(SHOP_NOTIFY_JOB, {}, { startAfter: next });
    },
  };
}
