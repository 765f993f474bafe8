import type { ModuleContext } from '../../platform/manifest.js';
import { botRuntimeOf } from '../bot/runtime.js';
import { SELLER_NOTICES_JOB } from '../seller-notices/outbox.js';
import { SHOP_NOTIFY_JOB } from './notifications-job.js';

/** What the shop's services are handed, from the module's context (its routes and the seller API's order calls alike). */
export function shopDeps(context: ModuleContext) {
  const notifyPuzzleBot = context.wake(SHOP_NOTIFY_JOB);
  const notifySeller = context.wake(SELLER_NOTICES_JOB);
  return {
    ...context,
    // An exchange queues the PuzzleBot exchange, the buyer's message (a bot notice) and the seller's notice.
    onNotificationsQueued: () => {
      notifyPuzzleBot();
      context.onNoticesQueued();
      notifySeller();
    },
    onShopLinkChanged: (projectId: number) =>
      botRuntimeOf(context)
        .bots.sync(projectId, null)
        .catch((error: unknown) => context.log.warn({ projectId, err: error }, 'could not update the bot for the new shop link')),
  };
}
