import type { OutboxTable } from '../../db/outbox.js';
import { webhookDeliveries } from '../../db/schema.js';

/** The job that sends webhook deliveries: queued after a commit that queued an event, by the watch and each minute. */
export const WEBHOOKS_JOB = 'webhooks';

export const webhooksOutbox: OutboxTable = {
  table: webhookDeliveries,
  key: [webhookDeliveries.id],
  status: webhookDeliveries.status,
  doneStatus: 'sent',
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastError: webhookDeliveries.lastError,
};
