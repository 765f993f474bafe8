import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDrawRequestSchema,
  drawActionBodySchema,
  drawIdParamsSchema,
  drawListQuerySchema,
  drawListResponseSchema,
  drawResponseSchema,
  drawSavedResponseSchema,
  drawTicketsPageSchema,
  drawTicketsQuerySchema,
  drawWinnerParamsSchema,
  handedOverResponseSchema,
  publicDrawSchema,
  publicDrawTicketsPageSchema,
  publicDrawTicketsQuerySchema,
  shopDrawsResponseSchema,
} from '../../../contract/draws.js';
import { shopTokenParamsSchema } from '../../../contract/shop.js';
import { userScopedQuerySchema } from '../../../contract/actions.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import { messages } from '../../../contract/messages.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import {
  closeDrawNow,
  stopDrawRepeating,
  createDraw,
  drawTickets,
  drawTicketsList,
  getDraw,
  listDraws,
  markPrizeHandedOver,
  publicDraw,
  publicDrawTickets,
  shopDraws,
  type DrawCloseDeps,
} from './service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['draws'];
const security = [{ bearer: [] }];

/** Prize draws: the seller's `/draws…` and the public `/public/draws/{id}…`. */
export function drawRoutes(deps: DrawCloseDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/draws',
      { schema: { tags, security, body: createDrawRequestSchema, response: { 201: drawSavedResponseSchema, ...errors } } },
      async (request, reply) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body.user_id);
        const draw = await createDraw(deps, sellerId, request.body, { userId: personId });
        return reply.status(201).send({ message: messages.draws.created, draw });
      },
    );

    app.get(
      '/draws',
      { schema: { tags, security, querystring: drawListQuerySchema, response: { 200: drawListResponseSchema, ...errors } } },
      async (request) => listDraws(deps, await requireSeller(deps, request, request.query.user_id), request.query.project_id),
    );

    app.get(
      '/draws/:id',
      {
        schema: {
          tags,
          security,
          params: drawIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: drawResponseSchema, ...errors },
        },
      },
      async (request) => ({ draw: await getDraw(deps, await requireSeller(deps, request, request.query.user_id), request.params.id) }),
    );

    app.get(
      '/draws/:id/tickets',
      {
        schema: {
          tags,
          security,
          params: drawIdParamsSchema,
          querystring: drawTicketsQuerySchema,
          response: { 200: drawTicketsPageSchema, ...errors },
        },
      },
      async (request) => drawTickets(deps, await requireSeller(deps, request, request.query.user_id), request.params.id, request.query),
    );

    app.post(
      '/draws/:id/close',
      {
        schema: {
          tags,
          security,
          params: drawIdParamsSchema,
          body: drawActionBodySchema.optional(),
          response: { 200: drawSavedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body?.user_id);
        return closeDrawNow(deps, sellerId, request.params.id, { userId: personId });
      },
    );

    app.post(
      '/draws/:id/stop-repeating',
      {
        schema: {
          tags,
          security,
          params: drawIdParamsSchema,
          body: drawActionBodySchema.optional(),
          response: { 200: drawSavedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body?.user_id);
        return stopDrawRepeating(deps, sellerId, request.params.id, { userId: personId });
      },
    );

    app.post(
      '/draws/:id/winners/:ticket/handed-over',
      {
        schema: {
          tags,
          security,
          params: drawWinnerParamsSchema,
          body: drawActionBodySchema.optional(),
          response: { 200: handedOverResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body?.user_id);
        return markPrizeHandedOver(deps, sellerId, request.params.id, request.params.ticket, { userId: personId });
      },
    );

    app.get(
      '/public/draws/:id',
      {
        schema: {
          tags: ['public'],
          params: drawIdParamsSchema,
          response: { 200: publicDrawSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return publicDraw(deps, request.params.id);
      },
    );

    app.get(
      '/public/draws/:id/tickets',
      {
        schema: {
          tags: ['public'],
          params: drawIdParamsSchema,
          querystring: publicDrawTicketsQuerySchema,
          response: { 200: publicDrawTicketsPageSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return publicDrawTickets(deps, request.params.id, request.query);
      },
    );

    // No response schema: the body is the frozen list's text, streamed (errors are the usual JSON).
    app.get(
      '/public/draws/:id/tickets.txt',
      { schema: { tags: ['public'], params: drawIdParamsSchema, produces: ['text/plain'] } },
      async (request, reply) => {
        const lines = await drawTicketsList(deps, request.params.id);
        return reply
          .headers({
            'content-type': 'text/plain; charset=utf-8',
            'content-disposition': `attachment; filename="draw-${request.params.id}-tickets.txt"`,
            // Frozen: the same text for as long as the draw exists.
            'cache-control': 'public, max-age=86400',
          })
          .send(Readable.from(lines));
      },
    );

    // The Mini App shows the action's open draws and their prizes beside the products.
    app.get(
      '/public/shop/:token/draws',
      {
        schema: {
          tags: ['public shop'],
          params: shopTokenParamsSchema,
          response: { 200: shopDrawsResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => shopDraws(deps, request.params.token),
    );
  };
}
