import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advanceClockSchema, clockAdvancedSchema, clockFailedSchema, clockStateSchema } from '../../contract/clock.js';
import { errorResponseSchema } from '../../contract/errors.js';
import { advanceClock, clockState, type ClockDeps } from './clock-service.js';

/** The demo test clock, under `/__emulators/clock`; registered in demo mode only (production answers 404). */
export function clockRoutes(deps: ClockDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['demo'];
    app.get('/', { schema: { tags, response: { 200: clockStateSchema } } }, async () => clockState(deps.clock));

    app.post(
      '/',
      {
        schema: {
          tags,
          body: advanceClockSchema,
          response: { 200: clockAdvancedSchema, 400: errorResponseSchema, 500: clockFailedSchema },
        },
      },
      async (request) => advanceClock(deps, request.body.advance_seconds),
    );

    app.delete('/', { schema: { tags, response: { 200: clockStateSchema } } }, async () => {
      deps.clock.reset();
      return clockState(deps.clock);
    });
  };
}
