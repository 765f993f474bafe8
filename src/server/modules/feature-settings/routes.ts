import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionIdParamsSchema, userScopedQuerySchema } from '../../../contract/actions.js';
import { botFeaturesResponseSchema, botFeaturesSavedSchema, botFeaturesUpdateSchema } from '../../../contract/bot-features.js';
import { errorResponses } from '../../http/error-responses.js';
import type { Executor } from '../../db/connection.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { getBotFeatures, updateBotFeatures } from './service.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['bot-features'];
const security = [{ bearer: [] }];

/** «Функции бота»: the settings of the action bot's engagement functions, `/projects/{id}/features`. */
export function botFeatureSettingsRoutes(deps: AuthDeps & { db: Executor }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects/:id/features',
      {
        schema: {
          tags,
          security,
          params: actionIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: botFeaturesResponseSchema, ...errors },
        },
      },
      async (request) => getBotFeatures(deps.db, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );
    app.put(
      '/projects/:id/features',
      {
        schema: {
          tags,
          security,
          params: actionIdParamsSchema,
          querystring: userScopedQuerySchema,
          body: botFeaturesUpdateSchema,
          response: { 200: botFeaturesSavedSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return updateBotFeatures(deps.db, sellerId, request.params.id, request.body, { userId: personId });
      },
    );
  };
}
