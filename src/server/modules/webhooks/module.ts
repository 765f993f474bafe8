import type { ModuleContext, ModuleManifest } from '../../platform/manifest.js';
import { SELLER_NOTICES_JOB } from '../seller-notices/outbox.js';
import { hasDueWebhooks, type WebhookDeliveryDeps } from './delivery.js';
import { webhookDeliveryJob } from './jobs.js';
import { WEBHOOKS_JOB } from './outbox.js';
import { webhookRoutes } from './routes.js';
import { webhookSender } from './sender.js';

const demoOf = (context: ModuleContext) => context.config.mode === 'demo';

const deliveryDeps = (context: ModuleContext): WebhookDeliveryDeps => ({
  ...context,
  send: webhookSender({ demo: demoOf(context) }),
  onSellerNoticesQueued: context.wake(SELLER_NOTICES_JOB),
});

/**
 * Signed webhooks: the seller's endpoints («Интеграции»), the events queued in the transactions
 * that cause them (triggers for receipts and the ledger, `queueWebhookEvent` for the rest) and
 * their delivery by the Standard Webhooks scheme, in order per endpoint, retried for three days.
 */
export const webhooksModule: ModuleManifest = {
  name: 'webhooks',
  routes: (context) => [webhookRoutes({ ...context, demo: demoOf(context), onDeliveryQueued: context.wake(WEBHOOKS_JOB) })],
  jobs: (context) => [webhookDeliveryJob(deliveryDeps(context))],
  // Not in `outboxes`: the generic look counts rows waiting behind another (delivery.ts, hasDueWebhooks).
  async watch(context) {
    if (await hasDueWebhooks(context.db, context.now())) await context.queue.sendDebounced(WEBHOOKS_JOB, 5);
  },
};
