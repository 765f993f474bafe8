import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../contract/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointRequestSchema,
  webhookEndpointResponseSchema,
  webhookEndpointsResponseSchema,
  webhookIdParamsSchema,
  webhookScopedSchema,
  webhookSecretResponseSchema,
} from '../../../contract/webhooks.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  type WebhookDeps,
} from './service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['webhooks'];
const security = [{ bearer: [] }];

/** The seller's webhook endpoints and their deliveries: `/webhooks[/{id}[/secret|/test|/deliveries[/{delivery_id}/resend]]]`. */
export function webhookRoutes(deps: WebhookDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/webhooks',
      { schema: { tags, security, querystring: webhookScopedSchema, response: { 200: webhookEndpointsResponseSchema, ...errors } } },
      async (request) => listWebhooks(deps, await requireSeller(deps, request, request.query.user_id)),
    );

    app.post(
      '/webhooks',
      { schema: { tags, security, body: webhookEndpointRequestSchema, response: { 200: webhookSecretResponseSchema, ...errors } } },
      async (request) => {
        const { user_id: userId, ...input } = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, userId);
        return createWebhook(deps, sellerId, input, { userId: personId });
      },
    );

    app.put(
      '/webhooks/:id',
      {
        schema: {
          tags,
          security,
          params: webhookIdParamsSchema,
          body: webhookEndpointRequestSchema,
          response: { 200: webhookEndpointResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user_id: userId, ...input } = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, userId);
        return updateWebhook(deps, sellerId, request.params.id, input, { userId: personId });
      },
    );

    app.delete(
      '/webhooks/:id',
      {
        schema: {
          tags,
          security,
          params: webhookIdParamsSchema,
          querystring: webhookScopedSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return deleteWebhook(deps, sellerId, request.params.id, { userId: personId });
      },
    );

    app.post(
      '/webhooks/:id/secret',
      {
        schema: {
          tags,
          security,
          params: webhookIdParamsSchema,
          body: webhookScopedSchema.optional(),
          response: { 200: webhookSecretResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body?.user_id);
        return rotateWebhookSecret(deps, sellerId, request.params.id, { userId: personId });
      },
    );

    app.post(
      '/webhooks/:id/test',
      {
        schema: {
          tags,
          security,
          params: webhookIdParamsSchema,
          body: webhookScopedSchema.optional(),
          response: { 200: webhookDeliveryResponseSchema, ...errors },
        },
      },
      async (request) => sendTestEvent(deps, await requireSeller(deps, request, request.body?.user_id), request.params.id),
    );

    app.get(
      '/webhooks/:id/deliveries',
      {
        schema: {
          tags,
          security,
          params: webhookIdParamsSchema,
          querystring: webhookScopedSchema,
          response: { 200: webhookDeliveriesResponseSchema, ...errors },
        },
      },
      async (request) => listWebhookDeliveries(deps, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );

    app.post(
      '/webhooks/:id/deliveries/:delivery_id/resend',
      {
        schema: {
          tags,
          security,
          params: webhookDeliveryParamsSchema,
          body: webhookScopedSchema.optional(),
          response: { 200: webhookDeliveryResponseSchema, ...errors },
        },
      },
      async (request) =>
        resendDelivery(deps, await requireSeller(deps, request, request.body?.user_id), request.params.id, request.params.delivery_id),
    );
  };
}
