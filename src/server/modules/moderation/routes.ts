import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  approveRequestSchema,
  moderationDecisionQuerySchema,
  moderationDecisionResponseSchema,
  moderationItemParamsSchema,
  moderationPendingSchema,
  moderationQuerySchema,
  moderationQueueSchema,
  rejectRequestSchema,
} from '../../../contract/moderation.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { approveItem, getItemImage, getPendingCount, getQueue, rejectItem, type ModerationDeps } from './service.js';

const errors = errorResponses(400, 401, 403, 404);
const decisionErrors = { ...errors, 409: errorResponseSchema };
const tags = ['moderation'];
const security = [{ bearer: [] }];

/** The queue of reviews' screenshots and photos with the product: `/moderation`. */
export function moderationRoutes(deps: ModerationDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/moderation',
      { schema: { tags, security, querystring: moderationQuerySchema, response: { 200: moderationQueueSchema, ...errors } } },
      async (request) => {
        const { user_id, project_id, cursor, limit } = request.query;
        return getQueue(deps, await requireSeller(deps, request, user_id), project_id, { ...(cursor !== undefined && { cursor }), limit });
      },
    );

    app.get(
      '/moderation/pending',
      {
        schema: {
          tags,
          security,
          summary: "How many items wait in all of the seller's actions",
          querystring: moderationDecisionQuerySchema,
          response: { 200: moderationPendingSchema, ...errors },
        },
      },
      async (request) => getPendingCount(deps, await requireSeller(deps, request, request.query.user_id)),
    );

    app.get(
      '/moderation/:id/image',
      {
        schema: {
          tags,
          security,
          summary: "An item's picture, for the seller of its action only",
          params: moderationItemParamsSchema,
          querystring: moderationDecisionQuerySchema,
        },
      },
      async (request, reply) => {
        const image = await getItemImage(deps, await requireSeller(deps, request, request.query.user_id), request.params.id);
        // A shopper's picture: never cached by a shared cache, never sniffed as something else.
        return reply
          .header('content-type', image.imageType)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(image.image);
      },
    );

    app.post(
      '/moderation/:id/approve',
      {
        schema: {
          tags,
          security,
          params: moderationItemParamsSchema,
          querystring: moderationDecisionQuerySchema,
          body: approveRequestSchema,
          response: { 200: moderationDecisionResponseSchema, ...decisionErrors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body?.user_id ?? request.query.user_id);
        return approveItem(deps, sellerId, request.params.id, { userId: personId });
      },
    );

    app.post(
      '/moderation/:id/reject',
      {
        schema: {
          tags,
          security,
          params: moderationItemParamsSchema,
          querystring: moderationDecisionQuerySchema,
          body: rejectRequestSchema,
          response: { 200: moderationDecisionResponseSchema, ...decisionErrors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body.user_id ?? request.query.user_id);
        return rejectItem(deps, sellerId, request.params.id, request.body.reason, { userId: personId });
      },
    );
  };
}
