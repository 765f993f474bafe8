import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../contract/auth.js';

export function systemRoutes(options: {
  mode: 'demo' | 'production';
  telegramWebAppScript: string;
  openapi: () => unknown;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', { schema: { tags: ['system'], response: { 200: healthResponseSchema } } }, async () => ({
      status: 'ok' as const,
      mode: options.mode,
      telegram_web_app_script: options.telegramWebAppScript,
    }));

    // The OpenAPI document is generated from the same zod schemas that validate requests.
    app.get('/docs', { schema: { hide: true } }, async () => options.openapi());
  };
}
