import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  adjustPointsHeadersSchema,
  adjustPointsRequestSchema,
  adjustPointsResponseSchema,
  blockBuyerRequestSchema,
  buyerCardQuerySchema,
  buyerCardSchema,
  buyerLedgerPageSchema,
  buyerLedgerQuerySchema,
  buyerTgIdParamsSchema,
  unblockBuyerRequestSchema,
} from '../../../contract/points.js';
import { blockBuyerResponseSchema, unblockBuyerResponseSchema } from '../../../contract/trust.js';
import { buyersQuerySchema, buyersResponseSchema } from '../../../contract/receipts.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { blockBuyer, unblockBuyer, type BlockDeps } from './block-service.js';
import { adjustPoints, getBuyerCard, getBuyerLedger, type BuyerCardDeps } from './card-service.js';
import { getBuyers } from './service.js';

const errors = errorResponses(400, 401, 403, 404);

export function buyerRoutes(deps: AuthDeps & BuyerCardDeps & BlockDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/buyers',
      {
        schema: {
          tags: ['buyers'],
          security: [{ bearer: [] }],
          querystring: buyersQuerySchema,
          response: { 200: buyersResponseSchema, ...errors },
        },
      },
      async (request) => getBuyers(deps.db, deps.now(), await requireSeller(deps, request, request.query.user_id), request.query),
    );

    // The buyer card: one buyer in one action.
    app.get(
      '/buyers/:tg_id',
      {
        schema: {
          tags: ['buyers'],
          security: [{ bearer: [] }],
          params: buyerTgIdParamsSchema,
          querystring: buyerCardQuerySchema,
          response: { 200: buyerCardSchema, ...errors },
        },
      },
      async (request) =>
        getBuyerCard(deps, await requireSeller(deps, request, request.query.user_id), request.params.tg_id, request.query.project_id),
    );

    // The card's ledger a page at a time: «Показать ещё» under the card's first page.
    app.get(
      '/buyers/:tg_id/ledger',
      {
        schema: {
          tags: ['buyers'],
          security: [{ bearer: [] }],
          params: buyerTgIdParamsSchema,
          querystring: buyerLedgerQuerySchema,
          response: { 200: buyerLedgerPageSchema, ...errors },
        },
      },
      async (request) => {
        const { user_id: userId, project_id: projectId, before } = request.query;
        return getBuyerLedger(deps, await requireSeller(deps, request, userId), request.params.tg_id, projectId, before);
      },
    );

    app.post(
      '/buyers/:tg_id/points',
      {
        schema: {
          tags: ['buyers'],
          security: [{ bearer: [] }],
          params: buyerTgIdParamsSchema,
          headers: adjustPointsHeadersSchema,
          body: adjustPointsRequestSchema,
          response: { 200: adjustPointsResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request) => {
        const { user_id: userId, project_id: projectId, delta, reason } = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, userId);
        return adjustPoints(deps, sellerId, request.params.tg_id, {
          actor: { userId: personId },
          projectId,
          delta,
          reason,
          idempotencyKey: request.headers['idempotency-key'],
        });
      },
    );

    app.post(
      '/buyers/:tg_id/block',
      {
        schema: {
          tags: ['buyers'],
          security: [{ bearer: [] }],
          params: buyerTgIdParamsSchema,
          body: blockBuyerRequestSchema,
          response: { 200: blockBuyerResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user_id: userId, project_id: projectId, reason } = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, userId);
        return blockBuyer(deps, sellerId, request.params.tg_id, { projectId, reason, actor: { userId: personId } });
      },
    );

    app.post(
      '/buyers/:tg_id/unblock',
      {
        schema: {
          tags: ['buyers'],
          security: [{ bearer: [] }],
          params: buyerTgIdParamsSchema,
          body: unblockBuyerRequestSchema,
          response: { 200: unblockBuyerResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request) => {
        const { user_id: userId, project_id: projectId, reason } = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, userId);
        return unblockBuyer(deps, sellerId, request.params.tg_id, { projectId, reason, actor: { userId: personId } });
      },
    );
  };
}
