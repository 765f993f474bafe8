import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/errors.js';
import { messages } from '../../../contract/messages.js';
import { demoInitDataRequestSchema, demoInitDataResponseSchema, shopTokenParamsSchema } from '../../../contract/shop.js';
import { AppError } from '../../http/errors.js';
import { signInitData } from './init-data.js';
import { miniAppBotToken, requireShop } from './orders-service.js';
import type { ShopDeps } from './settings-service.js';

const p = messages.publicShop;

/**
 * Demo mode only (Telegram is emulated): init data signed for a demo buyer, as Telegram would sign
 * it when the buyer opens the shop from the bot. The emulator's Mini App stand-in asks for it, so the
 * shop link works in a plain browser. The server never signs for anyone in production.
 */
export function demoShopRoutes(deps: ShopDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/demo/shop/:token/init-data',
      {
        schema: {
          tags: ['demo'],
          params: shopTokenParamsSchema,
          body: demoInitDataRequestSchema,
          response: { 200: demoInitDataResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request) => {
        const shop = await requireShop(deps.db, request.params.token);
        const botToken = miniAppBotToken(shop.settings, shop.mailingBotToken);
        if (!botToken) throw new AppError('conflict', p.demoBotTokenMissing);
        const user = { id: request.body.user_id, first_name: request.body.first_name };
        return { init_data: signInitData(user, botToken, deps.now(), { query_id: `demo-${request.body.user_id}` }) };
      },
    );
  };
}
