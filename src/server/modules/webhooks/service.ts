import { sql } from 'drizzle-orm';
import { fillMessage, messages } from '../../../contract/messages.js';
import {
  tooManyEndpointsMessage,
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_ENDPOINTS_PER_SELLER,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointsResponse,
  type WebhookEvent,
  type WebhookSecretResponse,
} from '../../../contract/webhooks.js';
import type { Db, Executor } from '../../db/connection.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { AppError } from '../../errors.js';
import { findLiveProject } from '../actions/repository.js';
import { endpointUrlRefusal, type ResolveAll } from './address.js';
import { newWebhookSecret, testEventData } from './payload.js';
import * as repo from './repository.js';

const m = messages.webhooks;

export interface WebhookDeps {
  db: Db;
  now: () => Date;
  /** Demo mode takes http and loopback addresses (tests run their receivers there). */
  demo: boolean;
  /** Name resolution of the address check (a test passes its own). */
  resolve?: ResolveAll;
  /** Wakes the delivery after a commit that queued one. */
  onDeliveryQueued: () => void;
}

export interface EndpointInput {
  url: string;
  events: WebhookEvent[];
  project_id?: number | null;
  enabled?: boolean;
}

const endpointNotFound = () => new AppError('not_found', m.endpointNotFound);
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The endpoint as the cabinet shows it: never its secret. */
function presentEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    project_id: row.projectId,
    enabled: row.enabled,
    disabled_at: iso(row.disabledAt),
    failing_since: iso(row.failingSince),
    created_at: row.createdAt.toISOString(),
  };
}

function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    type: row.type,
    status: row.status,
    response_status: row.responseStatus,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: iso(row.lastAttemptAt),
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    last_error: row.lastError,
  };
}

/** The address and the action an endpoint names are checked before anything is written. */
async function checkedValues(deps: WebhookDeps, sellerId: number, input: EndpointInput): Promise<repo.EndpointValues> {
  const projectId = input.project_id ?? null;
  if (projectId !== null && !(await findLiveProject(deps.db, sellerId, projectId))) {
    throw new AppError('not_found', messages.actions.notFound);
  }
  const refusal = await endpointUrlRefusal(input.url, { demo: deps.demo, resolve: deps.resolve });
  if (refusal) throw new AppError('bad_request', refusal);
  return { url: input.url, events: input.events, projectId };
}

/** Endpoints of one seller are added one at a time, so two at once cannot pass the limit together. */
async function lockSeller(tx: Executor, sellerId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM users WHERE id = ${sellerId} FOR NO KEY UPDATE`);
}

export async function listWebhooks(deps: WebhookDeps, sellerId: number): Promise<WebhookEndpointsResponse> {
  return { endpoints: (await repo.listEndpoints(deps.db, sellerId)).map(presentEndpoint), limit: WEBHOOK_ENDPOINTS_PER_SELLER };
}

/** A new endpoint and its secret, shown this once. */
export async function createWebhook(
  deps: WebhookDeps,
  sellerId: number,
  input: EndpointInput,
  actor: AuditActor,
): Promise<WebhookSecretResponse> {
  const values = await checkedValues(deps, sellerId, input);
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    await lockSeller(tx, sellerId);
    if ((await repo.countEndpoints(tx, sellerId)) >= WEBHOOK_ENDPOINTS_PER_SELLER)
      throw new AppError('conflict', tooManyEndpointsMessage());
    const inserted = await repo.insertEndpoint(tx, sellerId, { ...values, secret, createdAt: deps.now() });
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'webhook.create',
      subject: auditSubject(inserted),
      before: null,
      after: auditedValues(inserted),
    });
    return inserted;
  });
  return { endpoint: presentEndpoint(row), secret };
}

/** What the audit log keeps of an endpoint: never its secret. */
const auditedValues = (row: WebhookEndpointRow) => ({ url: row.url, events: row.events, project_id: row.projectId, enabled: row.enabled });
const auditSubject = (row: WebhookEndpointRow) => fillMessage(messages.audit.subjectWebhook, { url: row.url });

/**
 * Replaces an endpoint's address, events and action. `enabled: true` turns on an endpoint the
 * three days of failures turned off: its waiting events go, and its failures count afresh.
 */
export async function updateWebhook(
  deps: WebhookDeps,
  sellerId: number,
  id: number,
  input: EndpointInput,
  actor: AuditActor,
): Promise<{ endpoint: WebhookEndpoint }> {
  if (!(await repo.findEndpoint(deps.db, sellerId, id))) throw endpointNotFound();
  const values = await checkedValues(deps, sellerId, input);
  const switched = input.enabled === undefined ? {} : { enabled: input.enabled, failingSince: null, disabledAt: null };
  const row = await deps.db.transaction(async (tx) => {
    const before = await repo.findEndpoint(tx, sellerId, id);
    const updated = before && (await repo.updateEndpoint(tx, sellerId, id, { ...values, ...switched }));
    if (!before || !updated) throw endpointNotFound();
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'webhook.update',
      subject: auditSubject(updated),
      before: auditedValues(before),
      after: auditedValues(updated),
    });
    return updated;
  });
  if (input.enabled) deps.onDeliveryQueued();
  return { endpoint: presentEndpoint(row) };
}

/** Deletes an endpoint with its deliveries, the undelivered ones too. */
export async function deleteWebhook(deps: WebhookDeps, sellerId: number, id: number, actor: AuditActor): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findEndpoint(tx, sellerId, id);
    if (!before || !(await repo.deleteEndpoint(tx, sellerId, id))) throw endpointNotFound();
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'webhook.delete',
      subject: auditSubject(before),
      before: auditedValues(before),
      after: null,
    });
  });
  return { message: m.endpointDeleted };
}

/** «Сменить секрет»: the old one stops at once (the next try is signed with the new one). */
export async function rotateWebhookSecret(
  deps: WebhookDeps,
  sellerId: number,
  id: number,
  actor: AuditActor,
): Promise<WebhookSecretResponse> {
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    const rotated = await repo.updateEndpoint(tx, sellerId, id, { secret });
    if (!rotated) throw endpointNotFound();
    // The log says that the secret changed, never what it is.
    await recordAudit(tx, { sellerId, actor, action: 'webhook.secret_rotate', subject: auditSubject(rotated), before: null, after: null });
    return rotated;
  });
  return { endpoint: presentEndpoint(row), secret };
}

async function enabledEndpoint(deps: WebhookDeps, sellerId: number, id: number): Promise<WebhookEndpointRow> {
  const endpoint = await repo.findEndpoint(deps.db, sellerId, id);
  if (!endpoint) throw endpointNotFound();
  if (!endpoint.enabled) throw new AppError('conflict', m.endpointDisabled);
  return endpoint;
}

/** «Тестовое событие»: a `webhook.test` event for this endpoint only, after what it waits for already. */
export async function sendTestEvent(deps: WebhookDeps, sellerId: number, id: number): Promise<{ delivery: WebhookDelivery }> {
  const endpoint = await enabledEndpoint(deps, sellerId, id);
  const row = await repo.insertDelivery(deps.db, {
    endpointId: endpoint.id,
    sellerId,
    type: WEBHOOK_TEST_EVENT,
    data: testEventData(endpoint),
    createdAt: deps.now(),
  });
  deps.onDeliveryQueued();
  return { delivery: presentDelivery(row) };
}

export async function listWebhookDeliveries(deps: WebhookDeps, sellerId: number, id: number): Promise<{ deliveries: WebhookDelivery[] }> {
  if (!(await repo.findEndpoint(deps.db, sellerId, id))) throw endpointNotFound();
  return { deliveries: (await repo.listDeliveries(deps.db, sellerId, id, WEBHOOK_DELIVERIES_SHOWN)).map(presentDelivery) };
}

/** «Отправить снова»: one delivery due again now, under its event id. */
export async function resendDelivery(
  deps: WebhookDeps,
  sellerId: number,
  id: number,
  deliveryId: number,
): Promise<{ delivery: WebhookDelivery }> {
  await enabledEndpoint(deps, sellerId, id);
  const row = await repo.requeueDelivery(deps.db, sellerId, id, deliveryId, deps.now());
  if (!row) throw new AppError('not_found', m.deliveryNotFound);
  deps.onDeliveryQueued();
  return { delivery: presentDelivery(row) };
}
