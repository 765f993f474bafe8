import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { WebhookEvent, WebhookEventType } from '../../../contract/webhooks.js';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { pointsLedger, projects, receiptItems, receipts, webhookDeliveries, webhookEndpoints } from '../../db/schema.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema.js';

// Every read and write names the seller: another seller's endpoint or delivery is not found.

export interface EndpointValues {
  url: string;
  events: WebhookEvent[];
  projectId: number | null;
}

export async function countEndpoints(db: Executor, sellerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, sellerId));
  return row?.n ?? 0;
}

export async function listEndpoints(db: Executor, sellerId: number): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, sellerId)).orderBy(asc(webhookEndpoints.id));
}

export async function findEndpoint(db: Executor, sellerId: number, id: number): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, sellerId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function insertEndpoint(
  db: Executor,
  sellerId: number,
  values: EndpointValues & { secret: string; createdAt: Date },
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ userId: sellerId, ...values })
    .returning();
  return row!;
}

export async function updateEndpoint(
  db: Executor,
  sellerId: number,
  id: number,
  values: Partial<EndpointValues & { secret: string; enabled: boolean; failingSince: Date | null; disabledAt: Date | null }>,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(and(eq(webhookEndpoints.userId, sellerId), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Executor, sellerId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, sellerId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

export async function listDeliveries(db: Executor, sellerId: number, endpointId: number, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.userId, sellerId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

/**
 * «Отправить снова»: the delivery is due again now with its tries counted from zero, under the
 * same event id (a receiver that took it already drops the repeat). It takes its place in the
 * endpoint's queue by its id: events after it wait until it is delivered.
 */
export async function requeueDelivery(
  db: Executor,
  sellerId: number,
  endpointId: number,
  deliveryId: number,
  now: Date,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null })
    .where(and(eq(webhookDeliveries.userId, sellerId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)))
    .returning();
  return row;
}

/** An event for one endpoint, whatever it subscribes to (the test event). */
export async function insertDelivery(
  db: Executor,
  delivery: { endpointId: number; sellerId: number; type: WebhookEventType; data: unknown; createdAt: Date },
): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: delivery.endpointId,
      userId: delivery.sellerId,
      type: delivery.type,
      data: delivery.data,
      createdAt: delivery.createdAt,
      nextAttemptAt: delivery.createdAt,
    })
    .returning();
  return row!;
}

/**
 * Queues an event in the caller's transaction, a row per endpoint of the seller that is on and
 * subscribes to it (an endpoint narrowed to another action does not get it): the stored function
 * the triggers use too. Answers whether a row was written.
 */
export async function queueEvent(
  db: Executor,
  event: { sellerId: number; projectId: number | null; type: WebhookEvent; data: unknown; at: Date },
): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT queue_webhook_event(${event.sellerId}::integer, ${event.projectId}::integer, ${event.type}::text,
                               ${JSON.stringify(event.data)}::jsonb, ${event.at}::timestamptz) AS written`);
  return (rowsOf<{ written: number }>(result)[0]?.written ?? 0) > 0;
}

export async function readReceipt(db: Executor, sellerId: number, receiptId: number) {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.userId, sellerId), eq(receipts.id, receiptId)));
  if (!row) return undefined;
  const items = await db
    .select({
      name: receiptItems.name,
      priceKopecks: receiptItems.priceKopecks,
      quantity: receiptItems.quantity,
      sumKopecks: receiptItems.sumKopecks,
      providerInn: receiptItems.providerInn,
      status: receiptItems.status,
    })
    .from(receiptItems)
    .where(eq(receiptItems.receiptId, receiptId))
    .orderBy(asc(receiptItems.position));
  return { row, items };
}

/** One ledger row of the seller's action, with the shopper's balances after it (as the buyer card shows them). */
export async function readLedgerEntry(db: Executor, sellerId: number, ledgerId: number) {
  const l = pointsLedger;
  const [row] = await db
    .select({
      id: l.id,
      projectId: l.projectId,
      buyerTgId: l.buyerTgId,
      delta: l.delta,
      heldDelta: l.heldDelta,
      kind: l.kind,
      actor: l.actor,
      reason: l.reason,
      createdAt: l.createdAt,
      expiresAt: l.expiresAt,
      balanceAfter: sql<string>`(SELECT sum(b.delta) FROM points_ledger b WHERE b.project_id = ${l.projectId} AND b.buyer_tg_id = ${l.buyerTgId} AND b.id <= ${l.id})`,
      heldAfter: sql<string>`(SELECT sum(b.held_delta) FROM points_ledger b WHERE b.project_id = ${l.projectId} AND b.buyer_tg_id = ${l.buyerTgId} AND b.id <= ${l.id})`,
    })
    .from(l)
    .innerJoin(projects, eq(projects.id, l.projectId))
    .where(and(eq(l.id, ledgerId), eq(projects.userId, sellerId)));
  return row && { ...row, id: Number(row.id), balanceAfter: Number(row.balanceAfter), heldAfter: Number(row.heldAfter) };
}
export type LedgerEntryRow = NonNullable<Awaited<ReturnType<typeof readLedgerEntry>>>;

export async function storeData(db: Executor, deliveryId: number, data: unknown): Promise<void> {
  await db.update(webhookDeliveries).set({ data }).where(eq(webhookDeliveries.id, deliveryId));
}
