import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.js';
import { PAYOFF_PATHS, payoffCsvQuerySchema, payoffQuerySchema, payoffResponseSchema } from '../../../contract/payoff.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { payoffCsv } from './csv.js';
import { getPayoff, type PayoffDeps } from './service.js';

const errors = errorResponses(400, 401, 403, 404);

export function payoffRoutes(deps: PayoffDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      PAYOFF_PATHS.report,
      {
        schema: {
          tags: ['analytics'],
          security: [{ bearer: [] }],
          querystring: payoffQuerySchema,
          response: { 200: payoffResponseSchema, ...errors },
        },
      },
      async (request) => getPayoff(deps, await requireSeller(deps, request, request.query.user_id), request.query),
    );

    // One file per figure: each is a table of its own shape. No response schema: the body is CSV.
    app.get(
      PAYOFF_PATHS.csv,
      { schema: { tags: ['analytics'], security: [{ bearer: [] }], querystring: payoffCsvQuerySchema, produces: ['text/csv'] } },
      async (request, reply) => {
        const report = await getPayoff(deps, await requireSeller(deps, request, request.query.user_id), request.query);
        const download = payoffCsv(report, request.query.figure, deps.now());
        return reply
          .headers({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': download.disposition, 'cache-control': 'no-store' })
          .send(download.body);
      },
    );
  };
}
