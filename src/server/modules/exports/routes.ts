import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { balanceExportQuerySchema, buyersExportQuerySchema, EXPORT_PATHS, receiptsExportQuerySchema } from '../../../contract/exports.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { balanceCsv, buyersCsv, receiptItemsCsv, receiptsCsv, type CsvDownload, type ExportDeps } from './service.js';

// No response schema: the body is a CSV stream (errors are the usual JSON).
const schemaOf = <Q>(querystring: Q) => ({ tags: ['exports'], security: [{ bearer: [] }], querystring, produces: ['text/csv'] });

/** CSV downloads of the cabinet's lists, authenticated and scoped like every dashboard call. */
export function exportRoutes(deps: AuthDeps & ExportDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const headersOf = (download: CsvDownload) => ({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': download.disposition,
      'cache-control': 'no-store',
    });

    app.get(EXPORT_PATHS.receipts, { schema: schemaOf(receiptsExportQuerySchema) }, async (request, reply) => {
      const sellerId = await requireSeller(deps, request, request.query.user_id);
      const filter = { projectId: request.query.project_id ?? request.query.project_filter, status: request.query.status };
      const download = request.query.items ? receiptItemsCsv(deps, sellerId, filter) : receiptsCsv(deps, sellerId, filter);
      return reply.headers(headersOf(download)).send(download.body);
    });

    app.get(EXPORT_PATHS.buyers, { schema: schemaOf(buyersExportQuerySchema) }, async (request, reply) => {
      const sellerId = await requireSeller(deps, request, request.query.user_id);
      const download = buyersCsv(deps, sellerId, request.query);
      return reply.headers(headersOf(download)).send(download.body);
    });

    app.get(EXPORT_PATHS.balance, { schema: schemaOf(balanceExportQuerySchema) }, async (request, reply) => {
      const sellerId = await requireSeller(deps, request, request.query.user_id);
      const download = balanceCsv(deps, sellerId);
      return reply.headers(headersOf(download)).send(download.body);
    });
  };
}
