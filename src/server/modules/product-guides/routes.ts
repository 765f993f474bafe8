import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionIdParamsSchema, userScopedQuerySchema } from '../../../contract/actions.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import {
  PRODUCT_RULES_MAX,
  RULE_GUIDE_MAX,
  RULE_MATCH_MAX,
  productRulesResponseSchema,
  productRulesSavedSchema,
  productRulesSchema,
  warrantyListSchema,
  warrantySearchQuerySchema,
} from '../../../contract/product-guides.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { getProductRules, replaceProductRules, searchWarranties, type ProductGuideDeps } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['product-guides'];
const security = [{ bearer: [] }];
/** A full list (50 rules with the longest Cyrillic guides, up to 3 bytes a character in JSON) is far over the API's usual 64 KB. */
const RULES_BODY_LIMIT = PRODUCT_RULES_MAX * ((RULE_MATCH_MAX + RULE_GUIDE_MAX) * 3 + 64) + 64 * 1024;

/** Product guides and electronic warranty: `/projects/{id}/product-rules`, `/warranties`. */
export function productGuideRoutes(deps: ProductGuideDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags, security, params: actionIdParamsSchema, querystring: userScopedQuerySchema };
    app.get(
      '/projects/:id/product-rules',
      { schema: { ...schema, response: { 200: productRulesResponseSchema, ...errors } } },
      async (request) => getProductRules(deps.db, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );
    app.put(
      '/projects/:id/product-rules',
      {
        bodyLimit: RULES_BODY_LIMIT,
        schema: { ...schema, body: productRulesSchema, response: { 200: productRulesSavedSchema, ...errors } },
      },
      async (request) =>
        replaceProductRules(deps.db, await requireSeller(deps, request, request.query.user_id), request.params.id, request.body),
    );
    app.get(
      '/warranties',
      { schema: { tags, security, querystring: warrantySearchQuerySchema, response: { 200: warrantyListSchema, ...errors } } },
      async (request) => searchWarranties(deps, await requireSeller(deps, request, request.query.user_id), request.query),
    );
  };
}
