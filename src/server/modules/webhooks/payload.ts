import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { messages } from '../../../contract/messages.js';
import { POINTS_KIND_LABELS } from '../../../contract/points.js';
import type { Receipt } from '../../../contract/receipts.js';
import type { WebhookEndpointRow, ReceiptRow } from '../../db/schema.js';
import { presentReceipt } from '../receipts/presenter.js';
import type { HistoryItem } from '../receipts/repository.js';
import type { LedgerEntryRow } from './repository.js';

// What a receiver gets: `{ id, type, created_at, data }`, data being the object as the cabinet's
// API shows it. Only the seller's own objects are read (the repository names the seller), and no
// presenter here has a bot token or a secret to show.

/** Random bytes of a secret: Standard Webhooks asks for 24 to 64. */
const SECRET_BYTES = 32;

/** A new endpoint secret in the Standard Webhooks format, `whsec_` + base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
}

export interface WebhookMessage {
  eventId: string;
  type: string;
  createdAt: Date;
  data: unknown;
}

/** The body: its keys in a fixed order, so every try of one delivery sends the same bytes. */
export function webhookBody(message: WebhookMessage): string {
  return JSON.stringify({ id: message.eventId, type: message.type, created_at: message.createdAt.toISOString(), data: message.data });
}

/**
 * The Standard Webhooks headers of one try: the event id (the same on every try, so a receiver
 * drops repeats), the try's own time and `v1,<base64 HMAC-SHA256>` of `id.timestamp.body`.
 */
export function signedHeaders(secret: string, message: { eventId: string; body: string; sentAt: Date }): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'ScanApp-Webhooks/1',
    'webhook-id': message.eventId,
    'webhook-timestamp': String(Math.floor(message.sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(message.eventId, message.sentAt, message.body),
  };
}

/** `receipt.*`: the receipt as the cabinet's history shows it. */
export function receiptEventData(row: ReceiptRow, items: HistoryItem[]): Receipt {
  return presentReceipt(row, items);
}

/** `points.changed`: the ledger row as the buyer card shows it, with the action and the shopper it belongs to. */
export function ledgerEventData(entry: LedgerEntryRow) {
  return {
    id: entry.id,
    project_id: entry.projectId,
    buyer_tg_id: entry.buyerTgId,
    delta: entry.delta,
    held_delta: entry.heldDelta,
    kind: entry.kind,
    kind_label: POINTS_KIND_LABELS[entry.kind],
    actor: entry.actor,
    reason: entry.reason,
    created_at: entry.createdAt.toISOString(),
    expires_at: entry.expiresAt?.toISOString() ?? null,
    balance_after: entry.balanceAfter,
    held_after: entry.heldAfter,
  };
}

/** «Тестовое событие»: the endpoint it was sent to, to tell it from real events. */
export function testEventData(endpoint: Pick<WebhookEndpointRow, 'id' | 'url'>) {
  return { endpoint_id: endpoint.id, url: endpoint.url, message: messages.webhooks.testEventText };
}
