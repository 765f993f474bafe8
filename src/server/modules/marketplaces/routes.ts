import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.js';
import {
  connectMarketplaceRequestSchema,
  marketplaceConnectionSchema,
  marketplaceIdParamsSchema,
  marketplaceImportRequestSchema,
  marketplaceListQuerySchema,
  marketplaceListResponseSchema,
  marketplaceRemovedResponseSchema,
} from '../../../contract/marketplaces.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { connectMarketplace, listMarketplaces, removeMarketplace, requestImport, type MarketplaceDeps } from './service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);
const tags = ['marketplaces'];
const security = [{ bearer: [] }];

/** The seller's marketplace accounts: `/marketplaces`. */
export function marketplaceRoutes(deps: MarketplaceDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/marketplaces',
      { schema: { tags, security, querystring: marketplaceListQuerySchema, response: { 200: marketplaceListResponseSchema, ...errors } } },
      async (request) => listMarketplaces(deps, await requireSeller(deps, request, request.query.user_id)),
    );

    app.post(
      '/marketplaces',
      { schema: { tags, security, body: connectMarketplaceRequestSchema, response: { 201: marketplaceConnectionSchema, ...errors } } },
      async (request, reply) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body.user_id);
        return reply.code(201).send(await connectMarketplace(deps, sellerId, request.body, { userId: personId }));
      },
    );

    app.delete(
      '/marketplaces/:id',
      {
        schema: {
          tags,
          security,
          params: marketplaceIdParamsSchema,
          querystring: marketplaceListQuerySchema,
          response: { 200: marketplaceRemovedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return removeMarketplace(deps, sellerId, request.params.id, { userId: personId });
      },
    );

    app.post(
      '/marketplaces/:id/import',
      {
        schema: {
          tags,
          security,
          params: marketplaceIdParamsSchema,
          body: marketplaceImportRequestSchema,
          response: { 202: marketplaceConnectionSchema, ...errors },
        },
      },
      async (request, reply) => {
        const sellerId = await requireSeller(deps, request, request.body.user_id);
        return reply.code(202).send(await requestImport(deps, sellerId, request.params.id));
      },
    );
  };
}
