import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorDetailsSchema } from '../../../contract/operator.js';
import type { Db } from '../../db/connection.js';
import { readPublicOperatorDetails, type Mode } from './service.js';

/**
 * `GET /public/operator`: the operator's details for the public pages, read at run time so a
 * `settings:set` shows on the next page load. `no-cache` lets a browser or proxy keep the answer
 * but ask again every time (the answer is tiny).
 */
export function operatorRoutes(deps: { db: Db; mode: Mode }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/public/operator', { schema: { tags: ['public'], response: { 200: operatorDetailsSchema } } }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readPublicOperatorDetails(deps.db, deps.mode);
    });
  };
}
