import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptIdParamsSchema, receiptsPageQuerySchema, receiptsPageSchema } from '../../../contract/public-api.js';
import { receiptSchema } from '../../../contract/receipts.js';
import type { Db } from '../../db/connection.js';
import { keyHolder } from './edge-routes.js';
import { readReceipt, receiptsPage } from './reads.js';
import { problems, scoped } from './schemas.js';

/** `GET /receipts` (newest first) and `GET /receipts/{id}`: every check of the seller's actions, as the cabinet's history shows it. */
export function receiptsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const { schema, config } = scoped('receipts', 'receipts:read');
    app.get(
      '/receipts',
      {
        config,
        schema: { ...schema, summary: 'Чеки', querystring: receiptsPageQuerySchema, response: { 200: receiptsPageSchema, ...problems } },
      },
      async (request) => receiptsPage(deps.db, keyHolder(request).sellerId, request.query),
    );
    app.get(
      '/receipts/:id',
      { config, schema: { ...schema, summary: 'Чек', params: receiptIdParamsSchema, response: { 200: receiptSchema, ...problems } } },
      async (request) => readReceipt(deps.db, keyHolder(request).sellerId, request.params.id),
    );
  };
}
