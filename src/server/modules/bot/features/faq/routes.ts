import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionIdParamsSchema, userScopedQuerySchema } from '../../../../../contract/actions.js';
import { errorResponseSchema } from '../../../../../contract/errors.js';
import { faqListSchema, faqResponseSchema, faqSavedSchema } from '../../../../../contract/faq.js';
import type { Db } from '../../../../db/connection.js';
import { requireSeller } from '../../../auth/session.js';
import type { AuthDeps } from '../../../auth/service.js';
import { getFaq, replaceFaq } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['faq'];
const security = [{ bearer: [] }];

/** «Вопросы и ответы» of an action's bot: `/projects/{id}/faq` (issue 30). */
export function faqRoutes(deps: AuthDeps & { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags, security, params: actionIdParamsSchema, querystring: userScopedQuerySchema };
    app.get('/projects/:id/faq', { schema: { ...schema, response: { 200: faqResponseSchema, ...errors } } }, async (request) =>
      getFaq(deps.db, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );
    app.put(
      '/projects/:id/faq',
      { schema: { ...schema, body: faqListSchema, response: { 200: faqSavedSchema, ...errors } } },
      async (request) => replaceFaq(deps.db, await requireSeller(deps, request, request.query.user_id), request.params.id, request.body),
    );
  };
}
