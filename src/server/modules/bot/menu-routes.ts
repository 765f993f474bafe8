import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionIdParamsSchema, userScopedQuerySchema } from '../../../contract/actions.js';
import { botMenuOrderSchema, botMenuSavedSchema, botMenuSchema } from '../../../contract/bot-menu.js';
import { errorResponses } from '../../http/error-responses.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { readBotMenu, saveBotMenuOrder, type BotMenuDeps } from './menu-service.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['bot-features'];
const security = [{ bearer: [] }];

/** The order of the bot's menu buttons: `/projects/{id}/bot-menu`. */
export function botMenuRoutes(deps: AuthDeps & BotMenuDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags, security, params: actionIdParamsSchema, querystring: userScopedQuerySchema };
    app.get('/projects/:id/bot-menu', { schema: { ...schema, response: { 200: botMenuSchema, ...errors } } }, async (request) =>
      readBotMenu(deps, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );
    app.put(
      '/projects/:id/bot-menu',
      { schema: { ...schema, body: botMenuOrderSchema, response: { 200: botMenuSavedSchema, ...errors } } },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return saveBotMenuOrder(deps, sellerId, request.params.id, request.body.order, { userId: personId });
      },
    );
  };
}
