import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  supportActionResponseSchema,
  supportCloseRequestSchema,
  supportMessageParamsSchema,
  supportReplyRequestSchema,
  supportSellerQuerySchema,
  supportThreadListSchema,
  supportThreadParamsSchema,
  supportThreadSchema,
  supportThreadsQuerySchema,
} from '../../../contract/support.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { closeThread, getMessageImage, getThread, listThreads, replyToThread, type SupportDeps } from './service.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['support'];
const security = [{ bearer: [] }];

/** The cabinet's «Сообщения»: shoppers' threads with the seller through the actions' bots. */
export function supportRoutes(deps: SupportDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/support/threads',
      { schema: { tags, security, querystring: supportThreadsQuerySchema, response: { 200: supportThreadListSchema, ...errors } } },
      async (request) => {
        const { user_id, project_id, status, cursor, limit } = request.query;
        const sellerId = await requireSeller(deps, request, user_id);
        return listThreads(
          deps,
          sellerId,
          { ...(project_id !== undefined && { projectId: project_id }), ...(status && { status }) },
          { ...(cursor !== undefined && { cursor }), limit },
        );
      },
    );

    app.get(
      '/support/threads/:id',
      {
        schema: {
          tags,
          security,
          params: supportThreadParamsSchema,
          querystring: supportSellerQuerySchema,
          response: { 200: supportThreadSchema, ...errors },
        },
      },
      async (request) => getThread(deps, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );

    app.post(
      '/support/threads/:id/reply',
      {
        schema: {
          tags,
          security,
          params: supportThreadParamsSchema,
          body: supportReplyRequestSchema,
          response: { 200: supportActionResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body.user_id);
        return replyToThread(deps, sellerId, request.params.id, request.body.text, { userId: personId });
      },
    );

    app.post(
      '/support/threads/:id/close',
      {
        schema: {
          tags,
          security,
          params: supportThreadParamsSchema,
          body: supportCloseRequestSchema,
          response: { 200: supportActionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body?.user_id);
        return closeThread(deps, sellerId, request.params.id, { userId: personId });
      },
    );

    app.get(
      '/support/messages/:id/image',
      {
        schema: {
          tags,
          security,
          summary: "A shopper's photo in a support thread, for the seller of its action only",
          params: supportMessageParamsSchema,
          querystring: supportSellerQuerySchema,
        },
      },
      async (request, reply) => {
        const image = await getMessageImage(deps, await requireSeller(deps, request, request.query.user_id), request.params.id);
        // A shopper's picture: never cached by a shared cache, never sniffed as something else.
        return reply
          .header('content-type', image.imageType)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(image.image);
      },
    );
  };
}
