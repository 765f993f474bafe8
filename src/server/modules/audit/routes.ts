import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFilterSchema, auditLogResponseSchema, auditQuerySchema } from '../../../contract/audit.js';
import { errorResponses } from '../../http/error-responses.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { auditCsv, getAuditLog, type AuditDeps } from './service.js';

const errors = errorResponses(400, 401, 403);
const signedIn = { tags: ['audit'], security: [{ bearer: [] }] };

/** «Журнал действий» and its CSV export: the owner's (the permission table raises both). */
export function auditRoutes(deps: AuthDeps & AuditDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit-log',
      { schema: { ...signedIn, querystring: auditQuerySchema, response: { 200: auditLogResponseSchema, ...errors } } },
      async (request) => {
        const { before, ...filter } = request.query;
        return getAuditLog(deps, await requireSeller(deps, request, filter.user_id), filter, before);
      },
    );

    // No response schema: the body is a CSV stream (errors are the usual JSON).
    app.get(
      '/audit-log/export.csv',
      { schema: { ...signedIn, querystring: auditFilterSchema, produces: ['text/csv'] } },
      async (request, reply) => {
        const download = auditCsv(deps, await requireSeller(deps, request, request.query.user_id), request.query);
        return reply
          .headers({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': download.disposition, 'cache-control': 'no-store' })
          .send(download.body);
      },
    );
  };
}
