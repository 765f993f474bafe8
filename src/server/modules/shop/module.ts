import type { ModuleManifest } from '../../platform/manifest.js';
import { shopDeps } from './deps.js';
import { shopInvariants } from './invariants.js';
import { SHOP_NOTIFY_JOB, shopNotificationJob } from './notifications-job.js';
import { publicShopRoutes } from './public-routes.js';
import { notificationOutbox } from './repository.js';
import { shopRoutes } from './routes.js';

/** The points shop: the seller's settings and products, the shoppers' Mini App, exchanges and their notifications. */
export const shopModule: ModuleManifest = {
  name: 'shop',
  routes: (context) => [shopRoutes(shopDeps(context)), publicShopRoutes(shopDeps(context))],
  jobs: (context) => [shopNotificationJob(context)],
  outboxes: [{ job: SHOP_NOTIFY_JOB, outbox: notificationOutbox }],
  invariants: shopInvariants,
};
