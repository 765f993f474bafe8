import { deliverShopNotifications, type NotificationDeps } from './notifications.js';
import { nextNotificationDueAt } from './repository.js';
import { drainJob } from '../../platform/drain-job.js';
import type { JobDefinition } from '../../platform/job.js';

export const SHOP_NOTIFY_JOB = 'shop-notify';

/** Delivers what exchanges owe the bot platform and the buyers' chats (PuzzleBot exchange, messages). */
export function shopNotificationJob(deps: NotificationDeps): JobDefinition {
  return drainJob({
    name: SHOP_NOTIFY_JOB,
    drainBatch: () => deliverShopNotifications(deps),
    nextDueAt: () => nextNotificationDueAt(deps.db),
  });
}
