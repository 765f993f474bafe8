import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from '../../../contract/zod-setup.js';
import { messages } from '../../../contract/messages.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import { demoReceiptQrQuerySchema, demoReceiptRequestSchema, demoReceiptResponseSchema } from '../../../contract/receipts.js';
import { AppError } from '../../errors.js';
import { requireSeller } from '../auth/session.js';
import { demoMarketplaceReceipt, type TaxEmulatorStore } from '../../integrations/tax/emulator.js';
import { findLiveProject } from './repository.js';
import type { AuthDeps } from '../auth/service.js';

/**
 * Demo mode only (the tax service is emulated): a fresh marketplace receipt with the
 * action's goods, so a seller trying the cabinet can check a receipt without a real one.
 */
export function demoReceiptRoutes(deps: AuthDeps & { now: () => Date; store: TaxEmulatorStore }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/demo/receipts',
      {
        schema: {
          tags: ['demo'],
          security: [{ bearer: [] }],
          body: demoReceiptRequestSchema,
          response: {
            201: demoReceiptResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
          },
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

    /**
     * The QR code of a receipt as a PNG, so a tester can upload it in the demo chat with the action's bot.
     * Authenticated like the route above: the picture holds nothing secret, but demo routes stay the seller's.
     */
    app.get(
      '/demo/receipts/qr.png',
      {
        schema: {
          tags: ['demo'],
          security: [{ bearer: [] }],
          querystring: demoReceiptQrQuerySchema,
          // A Buffer is sent as is (Fastify serializes only objects); the schema documents it for OpenAPI.
          response: { 200: z.any().describe('image/png'), 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request, reply) => {
        await requireSeller(deps, request, request.query.user_id);
        // A quiet zone of 4 modules and 8 px per module: what a phone camera and the bot's decoder read best.
        const png = await QRCode.toBuffer(request.query.qr, { type: 'png', margin: 4, scale: 8, errorCorrectionLevel: 'M' });
        return reply
          .type('image/png')
          .header('cache-control', 'no-store')
          .header('content-disposition', 'attachment; filename="receipt-qr.png"')
          .send(png);
      },
    );
  };
}
