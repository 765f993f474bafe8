import type { ModuleContext, ModuleManifest } from '../../platform/manifest.js';
import { botRuntimeOf } from '../bot/runtime.js';
import { SELLER_NOTICES_JOB } from '../seller-notices/outbox.js';
import { shopInvariants } from './invariants.js';
import { SHOP_NOTIFY_JOB, shopNotificationJob } from './notifications-job.js';
import { publicShopRoutes } from './public-routes.js';
import { notificationOutbox } from './repository.js';
import { shopRoutes } from './routes.js';

function shopDeps(context: ModuleContext) {
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

/** The points shop: the seller's settings and products, the shoppers' Mini App, exchanges and their notifications. */
export const shopModule: ModuleManifest = {
  name: 'shop',
  routes: (context) => [shopRoutes(shopDeps(context)), publicShopRoutes(shopDeps(context))],
  jobs: (context) => [shopNotificationJob(context)],
  outboxes: [{ job: SHOP_NOTIFY_JOB, outbox: notificationOutbox }],
  invariants: shopInvariants,
};
