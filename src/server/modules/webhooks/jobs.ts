import { drainJob } from '../../platform/drain-job.js';
import type { JobDefinition } from '../../platform/job.js';
import { deliverDueWebhooks, nextWebhookDueAt, type WebhookDeliveryDeps } from './delivery.js';
import { WEBHOOKS_JOB } from './outbox.js';

/** Sends the due webhook deliveries, each endpoint's in order. */
export function webhookDeliveryJob(deps: WebhookDeliveryDeps): JobDefinition {
  return drainJob({ name: WEBHOOKS_JOB, drainBatch: () => deliverDueWebhooks(deps), nextDueAt: () => nextWebhookDueAt(deps.db) });
}
