import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionIdParamsSchema, userScopedQuerySchema } from '../../../contract/actions.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  addPromoCodesRequestSchema,
  addPromoCodesResponseSchema,
  PROMO_CODE_MAX_LENGTH,
  PROMO_CODES_PER_UPLOAD,
  promoCodeSettingsRequestSchema,
  promoCodeSettingsResponseSchema,
  promoCodesResponseSchema,
} from '../../../contract/promo-codes.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { addPromoCodes, listPromoCodes, setPromoCodeRule, type PromoCodeDeps } from './service.js';

const errors = errorResponses(400, 401, 403, 404, 413);
const tags = ['promo-codes'];
const security = [{ bearer: [] }];
/** A full upload (10 000 codes of 64 characters, quoted, escaped) is over the API's 64 KB default. */
const UPLOAD_BODY_LIMIT = PROMO_CODES_PER_UPLOAD * (PROMO_CODE_MAX_LENGTH * 2 + 4) + 64 * 1024;

/** An action's promo codes: `/projects/{id}/promo-codes`. */
export function promoCodeRoutes(deps: PromoCodeDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects/:id/promo-codes',
      {
        schema: {
          tags,
          security,
          params: actionIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: promoCodesResponseSchema, ...errors },
        },
      },
      async (request) => listPromoCodes(deps, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );

    app.post(
      '/projects/:id/promo-codes',
      {
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: {
          tags,
          security,
          params: actionIdParamsSchema,
          body: addPromoCodesRequestSchema,
          response: { 200: addPromoCodesResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user_id: userId, codes, generate } = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, userId);
        return addPromoCodes(deps, sellerId, request.params.id, { codes, generate }, { userId: personId });
      },
    );

    app.put(
      '/projects/:id/promo-codes/settings',
      {
        schema: {
          tags,
          security,
          params: actionIdParamsSchema,
          body: promoCodeSettingsRequestSchema,
          response: { 200: promoCodeSettingsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body.user_id);
        return setPromoCodeRule(deps, sellerId, request.params.id, request.body.rule, { userId: personId });
      },
    );
  };
}
