import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.js';
import {
  buyerAccountResponseSchema,
  publicProductsResponseSchema,
  purchaseRequestSchema,
  purchaseResponseSchema,
  shopTokenParamsSchema,
} from '../../../contract/shop.js';
import { z } from '../../../contract/zod-setup.js';
import { getBuyerAccount, listPublicProducts, purchase, type OrderDeps } from './orders-service.js';
import { initDataOf } from './init-data.js';
import { ifNoneMatchHits, ProductsCache } from './products-cache.js';

/** What every call of the shoppers' Mini App may answer besides its own 200 (the shop's calls, the daily bonus's wheel). */
export const publicShopErrors = errorResponses(400, 401, 403, 404, 409);
/** The Mini App's calls are one group in the OpenAPI document. */
export const publicShopTags = ['public shop'];
const errors = publicShopErrors;
const tags = publicShopTags;
/** Shops whose rendered products list an instance keeps (a 30-product list is ≈ 8 KB). */
const PRODUCTS_CACHE_SHOPS = 1_000;

/** The buyers' shop (SPEC §7 `/public/shop/{token}/…`): open by its link; buyers proved by Telegram's signature. */
export function publicShopRoutes(deps: OrderDeps): FastifyPluginAsyncZod {
  const productsCache = new ProductsCache(PRODUCTS_CACHE_SHOPS);
  return async (app) => {
    // Opened with every start of the Mini App: a strong ETag, and `no-cache` so that the client
    // revalidates each time (a hidden product disappears at once) and mostly gets a bodiless 304.
    app.get(
      '/public/shop/:token/products',
      {
        schema: {
          tags,
          params: shopTokenParamsSchema,
          response: { 200: publicProductsResponseSchema, 304: z.null().describe('Not Modified: the ETag sent is current'), ...errors },
        },
      },
      async (request, reply) => {
        const rendered = await listPublicProducts(deps, productsCache, request.params.token);
        reply.header('etag', rendered.etag).header('cache-control', 'no-cache');
        // No payload at all: a serialized `null` would announce a body (Content-Length: 4) a 304 never has.
        if (ifNoneMatchHits(request.headers['if-none-match'], rendered.etag)) return reply.code(304).send(undefined as never);
        // Already JSON: a string body is sent as it is, not serialized again.
        return reply.type('application/json; charset=utf-8').send(rendered.body as never);
      },
    );

    app.get(
      '/public/shop/:token/me',
      { schema: { tags, params: shopTokenParamsSchema, response: { 200: buyerAccountResponseSchema, ...errors } } },
      async (request) => getBuyerAccount(deps, request.params.token, initDataOf(request.headers)),
    );

    app.post(
      '/public/shop/:token/purchase',
      {
        schema: { tags, params: shopTokenParamsSchema, body: purchaseRequestSchema, response: { 200: purchaseResponseSchema, ...errors } },
      },
      async (request) =>
        purchase(deps, request.params.token, initDataOf(request.headers), {
          productId: request.body.product_id,
          buyerTgId: request.body.buyer_tg_id,
        }),
    );
  };
}
