import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../contract/messages.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import { demoReceiptRequestSchema, demoReceiptResponseSchema } from '../../../contract/receipts.js';
import { AppError } from '../../http/errors.js';
import { requireSeller } from '../../http/session.js';
import { demoMarketplaceReceipt, type TaxEmulatorStore } from '../../integrations/tax/emulator.js';
import { findLiveProject } from '../actions/repository.js';
import type { AuthDeps } from '../auth/service.js';

/**
 * Demo mode only (the tax service is emulated): a fresh marketplace receipt with the
 * action's goods, so a seller trying the cabinet can check a receipt without a real one.
 */
export function demoReceiptRoutes(deps: AuthDeps & { store: TaxEmulatorStore }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/demo/receipts',
      {
        schema: {
          tags: ['demo'],
          security: [{ bearer: [] }],
          body: demoReceiptRequestSchema,
          response: { 201: demoReceiptResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const sellerId = await requireSeller(deps, request, request.body.user_id);
        const action = await findLiveProject(deps.db, sellerId, request.body.project_id);
        if (!action) throw new AppError('not_found', messages.actions.notFound);
        const qrurl = deps.store.register(demoMarketplaceReceipt(action.projectInns[0]!, deps.now()))!;
        return reply.status(201).send({ qrurl });
      },
    );
  };
}
