import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsResponseSchema } from '../../../contract/analytics.js';
import { errorResponses } from '../../http/error-responses.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { getAnalytics, type AnalyticsDeps } from './service.js';

const errors = errorResponses(400, 401, 403, 404);

export function analyticsRoutes(deps: AnalyticsDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/analytics',
      {
        schema: {
          tags: ['analytics'],
          security: [{ bearer: [] }],
          querystring: analyticsQuerySchema,
          response: { 200: analyticsResponseSchema, ...errors },
        },
      },
      async (request) => getAnalytics(deps, await requireSeller(deps, request, request.query.user_id), request.query),
    );
  };
}
