import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/errors.js';
import {
  buyerAccountResponseSchema,
  INIT_DATA_HEADER,
  publicProductsResponseSchema,
  purchaseRequestSchema,
  purchaseResponseSchema,
  shopTokenParamsSchema,
} from '../../../contract/shop.js';
import { getBuyerAccount, listPublicProducts, purchase, type OrderDeps } from './orders-service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tags = ['public shop'];

function initDataOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[INIT_DATA_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** The buyers' shop (SPEC §7 `/public/shop/{token}/…`): open by its link; buyers proved by Telegram's signature. */
export function publicShopRoutes(deps: OrderDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/public/shop/:token/products', { schema: { tags, params: shopTokenParamsSchema, response: { 200: publicProductsResponseSchema, ...errors } } }, async (request) =>
      listPublicProducts(deps, request.params.token),
    );

    app.get('/public/shop/:token/me', { schema: { tags, params: shopTokenParamsSchema, response: { 200: buyerAccountResponseSchema, ...errors } } }, async (request) =>
      getBuyerAccount(deps, request.params.token, initDataOf(request.headers)),
    );

    app.post(
      '/public/shop/:token/purchase',
      { schema: { tags, params: shopTokenParamsSchema, body: purchaseRequestSchema, response: { 200: purchaseResponseSchema, ...errors } } },
      async (request) =>
        purchase(deps, request.params.token, initDataOf(request.headers), { productId: request.body.product_id, buyerTgId: request.body.buyer_tg_id }),
    );
  };
}
