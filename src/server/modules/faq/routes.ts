import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionIdParamsSchema, userScopedQuerySchema } from '../../../contract/actions.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  FAQ_ANSWER_MAX,
  FAQ_ITEMS_MAX,
  FAQ_QUESTION_MAX,
  faqListSchema,
  faqResponseSchema,
  faqSavedSchema,
} from '../../../contract/faq.js';
import type { Db } from '../../db/connection.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { getFaq, replaceFaq } from './service.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['faq'];
const security = [{ bearer: [] }];
/** A full list (30 items of the longest Cyrillic texts, up to 3 bytes a character in JSON, and a link) is far over the API's usual 64 KB. */
const FAQ_BODY_LIMIT = FAQ_ITEMS_MAX * ((FAQ_QUESTION_MAX + FAQ_ANSWER_MAX) * 3 + 2048) + 64 * 1024;

/** «Вопросы и ответы» of an action's bot: `/projects/{id}/faq`. */
export function faqRoutes(deps: AuthDeps & { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags, security, params: actionIdParamsSchema, querystring: userScopedQuerySchema };
    app.get('/projects/:id/faq', { schema: { ...schema, response: { 200: faqResponseSchema, ...errors } } }, async (request) =>
      getFaq(deps.db, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );
    app.put(
      '/projects/:id/faq',
      { bodyLimit: FAQ_BODY_LIMIT, schema: { ...schema, body: faqListSchema, response: { 200: faqSavedSchema, ...errors } } },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return replaceFaq(deps.db, sellerId, request.params.id, request.body, { userId: personId });
      },
    );
  };
}
