import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { messages } from '../../../contract/messages.js';
import { PUBLIC_API_BASE } from '../../../contract/public-api.js';
import { registerInputGuard } from '../../http/input-guard.js';
import type { ModuleContext } from '../../platform/manifest.js';
import { shopDeps } from '../shop/deps.js';
import { buyersRoutes } from './buyers-routes.js';
import { referencePage } from './docs.js';
import { guardKeys, handleProblem } from './edge-routes.js';
import { ApiProblem } from './problem.js';
import { promoCodesRoutes } from './promo-codes-routes.js';
import { tokenBucket } from './rate-limit.js';
import { receiptsRoutes } from './receipts-routes.js';
import { shopRoutes } from './shop-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The seller API's own OpenAPI document (@fastify/swagger's second instance, /api/v1 only). */
    sellerApiDocument(): unknown;
  }
}

/** 60 calls a minute per key on average, up to 60 at once (docs/decisions.md, "The seller API"). */
const RATE = { perMinute: 60, burst: 60 };

/**
 * The seller API under /api/v1, outside /lk/api: its own errors (problem+json), its own
 * authentication (a seller key, before the body) and its own OpenAPI document, which lists only
 * its routes: a second @fastify/swagger instance in this scope sees only the routes registered
 * here. The routes carry `hide` (so the cabinet's document leaves them out) and this document's
 * transform shows those that need a scope.
 */
export function sellerApiRoutes(context: ModuleContext): FastifyPluginAsync {
  return async (api) => {
    api.setErrorHandler(handleProblem);
    api.setNotFoundHandler((request, reply) => handleProblem(new ApiProblem(404, messages.publicApi.routeNotFound), request, reply));
    registerInputGuard(api);
    await api.register(swagger, {
      decorator: 'sellerApiDocument',
      openapi: {
        info: {
          title: 'ScanApp API',
          version: '1.0.0',
          description:
            'API продавца: чеки, покупатели и их баллы, промокоды, заказы магазина. Ключ API создаётся в кабинете («Интеграции» → «Ключи API») и передаётся в заголовке `Authorization: Bearer <ключ>` или `X-Api-Key`.',
        },
        servers: [{ url: `${context.publicUrl}${PUBLIC_API_BASE}` }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'Ключ API продавца: `Authorization: Bearer sk_live_…`' },
            apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'Тот же ключ API в заголовке X-Api-Key' },
          },
        },
      },
      transform: (input) =>
        input.route.config?.scope
          ? jsonSchemaTransform({ ...input, schema: { ...input.schema, hide: false } })
          : { schema: { hide: true }, url: input.url },
    });
    guardKeys(api, { db: context.db, now: context.now, realNow: context.realNow, limiter: tokenBucket(RATE) });
    api.get('/openapi.json', { schema: { hide: true } }, async () => api.sellerApiDocument());
    await api.register(referencePage(() => api.sellerApiDocument()));
    await api.register(receiptsRoutes(context));
    await api.register(buyersRoutes(context));
    await api.register(promoCodesRoutes(context));
    await api.register(shopRoutes(shopDeps(context)));
  };
}
