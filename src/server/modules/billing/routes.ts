import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../contract/auth.js';
import {
  activateRequestSchema,
  billingSettingsQuerySchema,
  billingSettingsResponseSchema,
  operationsQuerySchema,
  operationsResponseSchema,
  statementChargesQuerySchema,
  statementChargesResponseSchema,
  statementQuerySchema,
  statementResponseSchema,
} from '../../../contract/billing.js';
import { errorResponseSchema, insufficientFundsResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { activateAccount, listOperations, readBillingSettings, readStatement, readStatementCharges, type BillingDeps } from './service.js';

const errors = errorResponses(400, 401, 403);

export function billingRoutes(deps: BillingDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Prices are public (the landing and the Tariffs page show them); no session needed.
    app.get(
      '/billing/settings',
      {
        schema: {
          tags: ['billing'],
          querystring: billingSettingsQuerySchema,
          response: { 200: billingSettingsResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        const keys = request.query.setting_key;
        const values = await readBillingSettings(deps.db, keys);
        if (keys.length === 1) return { value: values[keys[0]!] };
        return Object.fromEntries(keys.map((key) => [key, { value: values[key] }]));
      },
    );

    app.post(
      '/activate',
      {
        schema: {
          tags: ['billing'],
          security: [{ bearer: [] }],
          body: activateRequestSchema,
          response: { 200: messageResponseSchema, 402: insufficientFundsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const sellerId = await requireSeller(deps, request, request.body.user_id);
        return activateAccount(deps, sellerId);
      },
    );

    app.get(
      '/balance/operations',
      {
        schema: {
          tags: ['billing'],
          security: [{ bearer: [] }],
          querystring: operationsQuerySchema,
          response: { 200: operationsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const sellerId = await requireSeller(deps, request, request.query.user_id);
        return listOperations(deps, sellerId, request.query.page, request.query.limit);
      },
    );

    app.get(
      '/balance/statement',
      {
        schema: {
          tags: ['billing'],
          security: [{ bearer: [] }],
          querystring: statementQuerySchema,
          response: { 200: statementResponseSchema, ...errors },
        },
      },
      async (request) => readStatement(deps, await requireSeller(deps, request, request.query.user_id), request.query),
    );

    app.get(
      '/balance/statement/charges',
      {
        schema: {
          tags: ['billing'],
          security: [{ bearer: [] }],
          querystring: statementChargesQuerySchema,
          response: { 200: statementChargesResponseSchema, ...errors },
        },
      },
      async (request) => readStatementCharges(deps, await requireSeller(deps, request, request.query.user_id), request.query),
    );
  };
}
