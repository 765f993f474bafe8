import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsResponseSchema } from '../../../contract/analytics.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { getAnalytics, type AnalyticsDeps } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

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
