import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, notReadyResponseSchema, readyResponseSchema, type HealthResponse } from '../../contract/auth.js';
import type { Lifecycle } from '../platform/lifecycle.js';

export function systemRoutes(options: {
  /** The liveness answer (health.ts), the same before the app is built (starting-listener.ts). */
  health: HealthResponse;
  openapi: () => unknown;
  lifecycle: Lifecycle;
  /** `select 1`: the probe's look at the database. */
  pingDatabase: () => Promise<unknown>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', { schema: { tags: ['system'], response: { 200: healthResponseSchema } } }, async () => options.health);

    // Liveness stays the cheap answer above; readiness also asks the database and says no while starting or draining.
    app.get(
      '/ready',
      { schema: { tags: ['system'], response: { 200: readyResponseSchema, 503: notReadyResponseSchema } } },
      async (_request, reply) => {
        const { state } = options.lifecycle;
        if (state !== 'ready') return reply.status(503).send({ status: state });
        try {
          await options.pingDatabase();
        } catch {
          return reply.status(503).send({ status: 'database_unavailable' as const });
        }
        return { status: 'ok' as const };
      },
    );

    // The OpenAPI document is generated from the same zod schemas that validate requests.
    app.get('/docs', { schema: { hide: true } }, async () => options.openapi());
  };
}
