import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionIdParamsSchema, userScopedQuerySchema } from '../../../contract/actions.js';
import { dailyBonusResultsSchema } from '../../../contract/engagement.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { dailyBonusResults } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The daily bonus's results in the cabinet: today's and this month's bonuses. */
export function dailyBonusRoutes(deps: AuthDeps & { now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects/:id/features/daily_bonus/results',
      {
        schema: {
          tags: ['bot-features'],
          security: [{ bearer: [] }],
          params: actionIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: dailyBonusResultsSchema, ...errors },
        },
      },
      async (request) => dailyBonusResults(deps, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );
  };
}
