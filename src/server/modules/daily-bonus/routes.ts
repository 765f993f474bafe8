import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionIdParamsSchema, userScopedQuerySchema } from '../../../contract/actions.js';
import { dailyBonusResultsSchema } from '../../../contract/engagement.js';
import { errorResponses } from '../../http/error-responses.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { dailyBonusResults } from './service.js';

const errors = errorResponses(400, 401, 403, 404);

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
