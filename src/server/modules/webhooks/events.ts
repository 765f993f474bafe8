import type { WebhookEvent } from '../../../contract/webhooks.js';
import type { Executor } from '../../db/connection.js';
import { queueEvent } from './repository.js';

/**
 * Queues a webhook event of a module's change in that change's transaction, `data` being the
 * object as the cabinet's API shows it (the triggers queue those of receipts, the ledger, buyers,
 * support messages and draws). The module's watch finds it within seconds; no wake-up is needed.
 */
export async function queueWebhookEvent(
  tx: Executor,
  event: { sellerId: number; projectId: number; type: WebhookEvent; data: unknown; at: Date },
): Promise<void> {
  await queueEvent(tx, event);
}
