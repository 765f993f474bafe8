import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionIdParamsSchema, userScopedQuerySchema } from '../../../contract/actions.js';
import { birthdayResultsSchema } from '../../../contract/engagement.js';
import { errorResponses } from '../../http/error-responses.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { birthdayResults } from './service.js';

const errors = errorResponses(400, 401, 403, 404);

/** The birthday function's results in the cabinet: who gave a date, who was greeted this month. */
export function birthdayRoutes(deps: AuthDeps & { now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects/:id/features/birthday/results',
      {
        schema: {
          tags: ['bot-features'],
          security: [{ bearer: [] }],
          params: actionIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: birthdayResultsSchema, ...errors },
        },
      },
      async (request) => birthdayResults(deps, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );
  };
}
