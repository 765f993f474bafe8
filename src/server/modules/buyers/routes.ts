import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/errors.js';
import { buyersQuerySchema, buyersResponseSchema } from '../../../contract/receipts.js';
import type { Executor } from '../../db/connection.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { getBuyers } from './service.js';

export function buyerRoutes(deps: AuthDeps & { db: Executor; now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/buyers',
      {
        schema: {
          tags: ['buyers'],
          security: [{ bearer: [] }],
          querystring: buyersQuerySchema,
          response: { 200: buyersResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => getBuyers(deps.db, deps.now(), await requireSeller(deps, request, request.query.user_id), request.query),
    );
  };
}
