import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicShopErrors as errors, publicShopTags as tags } from '../shop/public-routes.js';
import { shopTokenParamsSchema } from '../../../contract/shop.js';
import { wheelSpinResponseSchema, wheelStateSchema } from '../../../contract/wheel.js';
import type { Db } from '../../db/connection.js';
import { initDataOf } from '../shop/init-data.js';
import { readWheel, spinShopWheel } from './wheel-service.js';

/** The daily bonus's wheel in the shop's Mini App: the shopper is the one the bot's signature proves, as for an exchange. */
export function wheelRoutes(deps: { db: Db; now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/public/shop/:token/wheel',
      { schema: { tags, params: shopTokenParamsSchema, response: { 200: wheelStateSchema, ...errors } } },
      async (request) => readWheel(deps, request.params.token, initDataOf(request.headers)),
    );

    app.post(
      '/public/shop/:token/wheel/spin',
      { schema: { tags, params: shopTokenParamsSchema, response: { 200: wheelSpinResponseSchema, ...errors } } },
      async (request) => spinShopWheel(deps, request.params.token, initDataOf(request.headers)),
    );
  };
}
