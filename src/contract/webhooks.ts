import { userIdSchema } from './auth.js';
import { fillMessage, messages } from './messages.js';
import { z } from './zod-setup.js';

// Signed webhooks: a seller's endpoints (`/webhooks`), the events they subscribe to and the
// deliveries the cabinet lists. The payload's shape is in the README («Вебхуки»).

const m = messages.webhooks;

/** What an endpoint may subscribe to, in the order the form lists them. */
export const WEBHOOK_EVENTS = [
  'receipt.accepted',
  'receipt.refused',
  'receipt.cancelled',
  'points.changed',
  'buyer.joined',
  'shop.order.created',
  'shop.order.updated',
  'support.message',
  'survey.completed',
  'draw.closed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** «Тестовое событие»: sent to one endpoint on request, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookEventType = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** The label of an event type (a checkbox, a delivery's row). */
export function webhookEventLabel(type: string): string {
  const key = `event_${type.replaceAll('.', '_')}` as keyof typeof m;
  return key in m ? m[key] : type;
}

export const WEBHOOK_ENDPOINTS_PER_SELLER = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** The deliveries the cabinet lists per endpoint, the newest first. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;

/** An absolute http(s) URL; https and a public address are the server's check (demo mode allows http://127.0.0.1). */
export const webhookUrlSchema = z
  .string({ error: m.urlInvalid })
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH, m.urlTooLong)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  }, m.urlInvalid);

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: m.eventUnknown }), { error: m.eventsEmpty })
  .min(1, m.eventsEmpty)
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

const projectIdSchema = z
  .number({ error: messages.actionPage.invalidId })
  .int(messages.actionPage.invalidId)
  .positive(messages.actionPage.invalidId);

export const webhookEndpointRequestSchema = z.strictObject({
  user_id: userIdSchema.optional(),
  url: webhookUrlSchema,
  events: eventsSchema,
  /** One action's events; absent or null: every action of the seller. */
  project_id: projectIdSchema.nullable().optional(),
  /** PUT only: turns an endpoint off, or on again after the three days of failures turned it off. */
  enabled: z.boolean().optional(),
});
export type WebhookEndpointRequest = z.input<typeof webhookEndpointRequestSchema>;

export const webhookIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: m.endpointNotFound })
    .int(m.endpointNotFound)
    .positive(m.endpointNotFound)
    .max(2 ** 53),
});
export const webhookDeliveryParamsSchema = webhookIdParamsSchema.extend({
  delivery_id: z.coerce
    .number({ error: m.deliveryNotFound })
    .int(m.deliveryNotFound)
    .positive(m.deliveryNotFound)
    .max(2 ** 53),
});
export const webhookScopedSchema = z.strictObject({ user_id: userIdSchema.optional() });

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  project_id: z.number().int().nullable(),
  enabled: z.boolean(),
  /** When the three days of failures turned it off (null: on, or turned off by the seller). */
  disabled_at: z.string().nullable(),
  /** The first failure since the last success (null: healthy). */
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsResponseSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  limit: z.number().int(),
});
export type WebhookEndpointsResponse = z.infer<typeof webhookEndpointsResponseSchema>;

export const webhookEndpointResponseSchema = z.object({ endpoint: webhookEndpointSchema });

/** The secret (`whsec_…`, the Standard Webhooks format) is in this answer only: on creation and on «Сменить секрет». */
export const webhookSecretResponseSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every try and on «Отправить снова», so a receiver drops repeats by it. */
  event_id: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** The receiver's HTTP status at the last try (null: none yet, or no answer). */
  response_status: z.number().int().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const webhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });

export const tooManyEndpointsMessage = () => fillMessage(m.tooManyEndpoints, { max: String(WEBHOOK_ENDPOINTS_PER_SELLER) });
