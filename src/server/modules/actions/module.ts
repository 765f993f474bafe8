import type { ModuleManifest } from '../../platform/manifest.js';
import { botRuntimeOf } from '../bot/runtime.js';
import { SELLER_NOTICES_JOB } from '../seller-notices/outbox.js';
import { demoReceiptRoutes } from './demo-receipt-routes.js';
import { actionRoutes } from './routes.js';
import { subscriptionExpiryJob } from './subscription-expiry-job.js';

/** Actions ("projects"), their subscriptions with automatic renewal, and in demo mode test receipts for an action. */
export const actionsModule: ModuleManifest = {
  name: 'actions',
  routes: (context) => [
    actionRoutes({ ...context, bots: botRuntimeOf(context).bots }),
    ...(context.taxStore ? [demoReceiptRoutes({ ...context, store: context.taxStore })] : []),
  ],
  jobs: (context) => [subscriptionExpiryJob({ ...context, onNoticesQueued: context.wake(SELLER_NOTICES_JOB) }, context.log)],
};
