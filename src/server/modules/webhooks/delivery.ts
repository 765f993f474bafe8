import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.js';
import { claimDue, markDone, markFailed, markRetry, nextDueAt, renewClaims, type RetryPolicy } from '../../db/outbox.js';
import { deliverClaimed, NotDeliverable, type OutboxOutcome } from '../../db/outbox-pass.js';
import { rowsOf } from '../../db/rows.js';
import { webhookDeliveries } from '../../db/schema.js';
import { openSecret } from '../../sealing/column.js';
import { webhookDisabledNotice } from '../seller-notices/notices.js';
import { queueSellerNotice } from '../seller-notices/outbox.js';
import { webhooksOutbox } from './outbox.js';
import { ledgerEventData, receiptEventData, signedHeaders, webhookBody } from './payload.js';
import { readLedgerEntry, readReceipt, storeData } from './repository.js';
import { WEBHOOK_TIMEOUT_MS, type WebhookSender } from './sender.js';

export interface WebhookDeliveryDeps {
  db: Db;
  /** The product's clock: when a try is due, and the three days of failures (the demo clock moves it). */
  now: () => Date;
  /** Real time: the signature's timestamp, which receivers compare with their own clock. */
  realNow: () => Date;
  retryBaseMs: number;
  send: WebhookSender;
  onSellerNoticesQueued: () => void;
  log: { warn(data: object, message: string): void };
}

/** An endpoint failing this long is turned off, with a notice to the seller. */
export const WEBHOOK_FAILING_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The wait doubles from the outboxes' base up to an hour; the tries are not counted but timed:
 * they go on until the endpoint has failed for three days, which turns it off.
 */
const retryPolicy = (baseMs: number): RetryPolicy => ({ baseMs, maxMs: 60 * 60 * 1000, maxAttempts: Number.MAX_SAFE_INTEGER });

/** A claim outlives a try that runs into the timeout. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS + 10_000;
const BATCH = 20;

interface ClaimedDelivery {
  id: string | number;
  endpoint_id: string | number;
  user_id: number;
  event_id: string;
  type: string;
  subject: string | number | null;
  data: unknown;
  created_at: string | Date;
  attempts: number;
  /** The receiver's answer at this try, set by `send`. */
  responseStatus?: number;
}

/**
 * In order per endpoint: only the oldest undelivered row of each endpoint that is on may be
 * claimed, so an event waits while an earlier one is sent or waits for its retry (docs/decisions.md,
 * "Signed webhooks"). An endpoint turned off keeps its rows for when it is on again.
 */
const headOfEachQueue = sql`NOT EXISTS (
    SELECT 1 FROM webhook_deliveries p
     WHERE p.endpoint_id = ${webhookDeliveries.endpointId} AND p.status = 'pending' AND p.id < ${webhookDeliveries.id})
  AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = ${webhookDeliveries.endpointId} AND e.enabled)`;

/** Sends the due deliveries, a batch at a time; answers how many it handled. */
export async function deliverDueWebhooks(deps: WebhookDeliveryDeps): Promise<number> {
  const claimed = await claimDue<ClaimedDelivery>(deps.db, webhooksOutbox, {
    limit: BATCH,
    leaseMs: LEASE_MS,
    now: deps.now(),
    where: headOfEachQueue,
    orderBy: [webhookDeliveries.id],
    returning: [
      webhookDeliveries.id,
      webhookDeliveries.endpointId,
      webhookDeliveries.userId,
      webhookDeliveries.eventId,
      webhookDeliveries.type,
      webhookDeliveries.subject,
      webhookDeliveries.data,
      webhookDeliveries.createdAt,
      webhookDeliveries.attempts,
    ],
  });
  let noticed = false;
  const handled = await deliverClaimed(claimed, {
    send: (delivery) => sendOne(deps, delivery),
    finish: async (delivery, outcome) => {
      noticed = (await finish(deps, delivery, outcome)) || noticed;
    },
    retry: retryPolicy(deps.retryBaseMs),
    warn: (delivery, error) =>
      deps.log.warn(
        { deliveryId: Number(delivery.id), endpointId: Number(delivery.endpoint_id), attempts: delivery.attempts, error },
        'webhook not delivered',
      ),
    renew: (open) =>
      renewClaims(
        deps.db,
        webhooksOutbox,
        open.map((delivery) => Number(delivery.id)),
        LEASE_MS,
      ),
    renewFailed: (error) => deps.log.warn({ err: error }, 'could not renew the claims of webhooks being sent'),
  });
  if (noticed) deps.onSellerNoticesQueued();
  return handled;
}

async function sendOne(deps: WebhookDeliveryDeps, delivery: ClaimedDelivery): Promise<void> {
  const endpoint = rowsOf<{ url: string; secret: string }>(
    await deps.db.execute(sql`SELECT url, secret FROM webhook_endpoints WHERE id = ${Number(delivery.endpoint_id)}`),
  )[0];
  if (!endpoint) throw new NotDeliverable('the endpoint was deleted');
  const data = delivery.data ?? (await presentSubject(deps.db, delivery));
  const body = webhookBody({ eventId: delivery.event_id, type: delivery.type, createdAt: new Date(delivery.created_at), data });
  const headers = signedHeaders(openSecret(endpoint.secret), { eventId: delivery.event_id, body, sentAt: deps.realNow() });
  const { status } = await deps.send({ url: endpoint.url, headers, body });
  delivery.responseStatus = status;
  if (status < 200 || status > 299) throw new Error(`the receiver answered HTTP ${status}`);
}

/** The object a trigger's event names, presented once and kept, so every try sends the same body. */
async function presentSubject(db: Executor, delivery: ClaimedDelivery): Promise<unknown> {
  const subject = Number(delivery.subject);
  let data: unknown;
  if (delivery.type === 'points.changed') {
    const entry = await readLedgerEntry(db, delivery.user_id, subject);
    data = entry && ledgerEventData(entry);
  } else {
    const receipt = await readReceipt(db, delivery.user_id, subject);
    data = receipt && receiptEventData(receipt.row, receipt.items);
  }
  if (!data) throw new NotDeliverable(`the ${delivery.type} event's object ${subject} is gone`);
  await storeData(db, Number(delivery.id), data);
  return data;
}

/**
 * Marks one try's outcome with the receiver's answer. A success clears the endpoint's failing
 * time; a failure starts it, and once it is three days old the delivery is given up, the endpoint
 * turned off and the seller told, in one transaction. Answers whether a notice was queued.
 */
async function finish(deps: WebhookDeliveryDeps, delivery: ClaimedDelivery, outcome: OutboxOutcome): Promise<boolean> {
  const now = deps.now();
  const row = sql`${webhookDeliveries.id} = ${Number(delivery.id)} AND status = 'pending'`;
  const answered = sql`response_status = ${delivery.responseStatus ?? null}, last_attempt_at = ${now}::timestamptz`;
  const endpointId = Number(delivery.endpoint_id);
  return deps.db.transaction(async (tx) => {
    if (outcome.status === 'sent') {
      await tx.execute(markDone(webhooksOutbox, row, answered));
      await tx.execute(sql`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${endpointId} AND failing_since IS NOT NULL`);
      return false;
    }
    await tx.execute(sql`UPDATE webhook_deliveries SET ${answered} WHERE id = ${Number(delivery.id)}`);
    if (outcome.status === 'failed') {
      await tx.execute(markFailed(webhooksOutbox, row, outcome.error));
      return false;
    }
    const [endpoint] = rowsOf<{ failing_since: string | Date; url: string }>(
      await tx.execute(sql`
        UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, ${now}::timestamptz)
         WHERE id = ${endpointId} RETURNING failing_since, url`),
    );
    if (!endpoint || now.getTime() - new Date(endpoint.failing_since).getTime() < WEBHOOK_FAILING_MS) {
      await tx.execute(markRetry(webhooksOutbox, row, { delayMs: outcome.delayMs, error: outcome.error, now }));
      return false;
    }
    await tx.execute(markFailed(webhooksOutbox, row, outcome.error));
    await tx.execute(sql`UPDATE webhook_endpoints SET enabled = false, disabled_at = ${now}::timestamptz WHERE id = ${endpointId}`);
    return queueSellerNotice(
      tx,
      webhookDisabledNotice({ sellerId: delivery.user_id, endpointId, url: endpoint.url, at: now, error: outcome.error }),
    );
  });
}

/** When the next delivery that may be sent is due: rows behind another, or of an endpoint turned off, do not count. */
export async function nextWebhookDueAt(db: Db): Promise<Date | null> {
  return nextDueAt(db, webhooksOutbox, headOfEachQueue);
}

/**
 * The module's part of the watch, instead of the generic look at due outbox rows: that look would
 * count the rows waiting behind a retried one, or for an endpoint turned off, and queue the job
 * every few seconds for days. Events the receipt and ledger triggers queue are found here.
 */
export async function hasDueWebhooks(db: Db, now: Date): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT 1 FROM webhook_deliveries
     WHERE status = 'pending' AND next_attempt_at <= ${now}::timestamptz AND ${headOfEachQueue}
     LIMIT 1`);
  return rowsOf(result).length > 0;
}
