import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankInvoicePdfParamsSchema,
  bankInvoicePdfQuerySchema,
  bankInvoicesQuerySchema,
  bankInvoicesResponseSchema,
  createBankInvoiceRequestSchema,
  createBankInvoiceResponseSchema,
  requisitesQuerySchema,
  requisitesResponseSchema,
  saveRequisitesRequestSchema,
  saveRequisitesResponseSchema,
} from '../../../contract/bank-invoices.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import {
  bankInvoicePdf,
  issueBankInvoice,
  listBankInvoices,
  readRequisites,
  saveRequisites,
  type BankInvoiceDeps,
} from './invoice-service.js';

const errors = errorResponses(400, 401, 403);
const schemaBase = { tags: ['billing'], security: [{ bearer: [] }] };

/** Paying by invoice (счёт на оплату): the payer's requisites, issuing, the list and the PDF. */
export function bankInvoiceRoutes(deps: BankInvoiceDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/balance/requisites',
      { schema: { ...schemaBase, querystring: requisitesQuerySchema, response: { 200: requisitesResponseSchema, ...errors } } },
      async (request) => ({ requisites: await readRequisites(deps.db, await requireSeller(deps, request, request.query.user_id)) }),
    );

    app.put(
      '/balance/requisites',
      { schema: { ...schemaBase, body: saveRequisitesRequestSchema, response: { 200: saveRequisitesResponseSchema, ...errors } } },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body.user_id);
        return saveRequisites(deps, sellerId, request.body, { userId: personId });
      },
    );

    app.post(
      '/balance/invoice',
      {
        schema: {
          ...schemaBase,
          body: createBankInvoiceRequestSchema,
          response: { 201: createBankInvoiceResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const sellerId = await requireSeller(deps, request, request.body.user_id);
        return reply.code(201).send(await issueBankInvoice(deps, sellerId, request.body.amount));
      },
    );

    app.get(
      '/balance/invoices',
      { schema: { ...schemaBase, querystring: bankInvoicesQuerySchema, response: { 200: bankInvoicesResponseSchema, ...errors } } },
      async (request) => listBankInvoices(deps.db, await requireSeller(deps, request, request.query.user_id)),
    );

    // The session's token comes in the Authorization header (the web fetches a Blob), never in
    // the address; no response schema, the body is the PDF (errors are the usual JSON).
    app.get(
      '/balance/invoices/:number/pdf',
      {
        schema: {
          ...schemaBase,
          params: bankInvoicePdfParamsSchema,
          querystring: bankInvoicePdfQuerySchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const sellerId = await requireSeller(deps, request, request.query.user_id);
        const pdf = await bankInvoicePdf(deps.db, sellerId, request.params.number);
        const asciiName = `invoice-${request.params.number.replace(/\D/g, '')}.pdf`;
        return reply
          .headers({
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(`Счёт ${request.params.number}.pdf`)}`,
            'cache-control': 'no-store',
          })
          .send(pdf);
      },
    );
  };
}
