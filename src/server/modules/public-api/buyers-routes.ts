import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adjustPointsResponseSchema, buyerTgIdParamsSchema } from '../../../contract/points.js';
import {
  adjustPointsBodySchema,
  buyerQuerySchema,
  buyersPageQuerySchema,
  buyersPageSchema,
  idempotencyHeadersSchema,
  ledgerPageQuerySchema,
  ledgerPageSchema,
} from '../../../contract/public-api.js';
import { buyerSchema } from '../../../contract/receipts.js';
import { adjustPoints, type BuyerCardDeps } from '../buyers/card-service.js';
import { keyActor } from '../api-keys/service.js';
import { idempotent, keyHolder } from './edge-routes.js';
import { buyersPage, ledgerPage, readBuyer } from './reads.js';
import { postProblems, problems, scoped } from './schemas.js';

/** An action's buyers with their points, a buyer's ledger, and «Начислить / списать баллы» under the cabinet's rules. */
export function buyersRoutes(deps: BuyerCardDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const reading = scoped('buyers', 'buyers:read');
    app.get(
      '/buyers',
      {
        config: reading.config,
        schema: {
          ...reading.schema,
          summary: 'Покупатели акции',
          querystring: buyersPageQuerySchema,
          response: { 200: buyersPageSchema, ...problems },
        },
      },
      async (request) => buyersPage(deps.db, deps.now(), keyHolder(request).sellerId, request.query),
    );
    app.get(
      '/buyers/:tg_id',
      {
        config: reading.config,
        schema: {
          ...reading.schema,
          summary: 'Покупатель',
          params: buyerTgIdParamsSchema,
          querystring: buyerQuerySchema,
          response: { 200: buyerSchema, ...problems },
        },
      },
      async (request) => readBuyer(deps.db, deps.now(), keyHolder(request).sellerId, request.params.tg_id, request.query.project_id),
    );
    app.get(
      '/buyers/:tg_id/ledger',
      {
        config: reading.config,
        schema: {
          ...reading.schema,
          summary: 'Движения баллов покупателя',
          params: buyerTgIdParamsSchema,
          querystring: ledgerPageQuerySchema,
          response: { 200: ledgerPageSchema, ...problems },
        },
      },
      async (request) => ledgerPage(deps.db, keyHolder(request).sellerId, request.params.tg_id, request.query),
    );

    const writing = scoped('buyers', 'points:write');
    app.post(
      '/buyers/:tg_id/points',
      {
        config: writing.config,
        schema: {
          ...writing.schema,
          summary: 'Начислить или списать баллы',
          params: buyerTgIdParamsSchema,
          headers: idempotencyHeadersSchema,
          body: adjustPointsBodySchema,
          response: { 200: adjustPointsResponseSchema, ...postProblems },
        },
      },
      async (request, reply) => {
        const holder = keyHolder(request);
        const { project_id: projectId, delta, reason } = request.body;
        return idempotent(deps, request, reply, async () => ({
          status: 200,
          body: await adjustPoints(deps, holder.sellerId, request.params.tg_id, { actor: keyActor(holder), projectId, delta, reason }),
        }));
      },
    );
  };
}
