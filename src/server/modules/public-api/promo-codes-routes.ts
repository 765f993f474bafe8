import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addPromoCodesResponseSchema, PROMO_CODE_MAX_LENGTH, PROMO_CODES_PER_UPLOAD } from '../../../contract/promo-codes.js';
import { addPromoCodesBodySchema, idempotencyHeadersSchema, promoCodesParamsSchema } from '../../../contract/public-api.js';
import { keyActor } from '../api-keys/service.js';
import { addPromoCodes, type PromoCodeDeps } from '../promo-codes/service.js';
import { idempotent, keyHolder } from './edge-routes.js';
import { postProblems, scoped } from './schemas.js';

/** A full upload (10 000 codes of 64 characters, quoted, escaped), as the cabinet's own call allows. */
const UPLOAD_BODY_LIMIT = PROMO_CODES_PER_UPLOAD * (PROMO_CODE_MAX_LENGTH * 2 + 4) + 64 * 1024;

/** `POST /projects/{project_id}/promo-codes`: codes added to an action's pool, uploaded or generated, all or nothing. */
export function promoCodesRoutes(deps: PromoCodeDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { schema, config } = scoped('promo-codes', 'promo-codes:write');
    app.post(
      '/projects/:project_id/promo-codes',
      {
        config,
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: {
          ...schema,
          summary: 'Добавить промокоды',
          params: promoCodesParamsSchema,
          headers: idempotencyHeadersSchema,
          body: addPromoCodesBodySchema,
          response: { 200: addPromoCodesResponseSchema, ...postProblems, 413: postProblems[400] },
        },
      },
      async (request, reply) => {
        const holder = keyHolder(request);
        return idempotent(deps, request, reply, async () => ({
          status: 200,
          body: await addPromoCodes(deps, holder.sellerId, request.params.project_id, request.body, keyActor(holder)),
        }));
      },
    );
  };
}
