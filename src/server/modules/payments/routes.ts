import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/errors.js';
import { depositRequestSchema, depositResponseSchema, ROBOKASSA_PATHS } from '../../../contract/payments.js';
import type { PublicUrlOf } from '../../http/public-url.js';
import { requireSeller } from '../auth/session.js';
import { resultAcknowledgement } from '../../integrations/robokassa/client.js';
import type { AuthDeps } from '../auth/service.js';
import { createDeposit, failReturnUrl, handleResultNotice, successReturnUrl, type PaymentDeps } from './service.js';

/** Provider callbacks: Robokassa may use GET or POST (form) per the shop's settings. */
const paramsOf = (request: { method: string; query: unknown; body: unknown }) =>
  ((request.method === 'GET' ? request.query : request.body) ?? {}) as Record<string, unknown>;

export function paymentRoutes(deps: PaymentDeps & AuthDeps & { publicUrlOf: PublicUrlOf }): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(formbody);

    app.post(
      '/balance/deposit',
      {
        schema: {
          tags: ['payments'],
          security: [{ bearer: [] }],
          body: depositRequestSchema,
          response: { 200: depositResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => {
        const sellerId = await requireSeller(deps, request, request.body.user_id);
        const deposit = await createDeposit(deps, sellerId, request.body);
        // The emulated checkout is this server: reached at the address the seller used.
        const publicUrl = deps.publicUrlOf(request);
        const payment_url = deposit.payment_url.startsWith(`${deps.publicUrl}/`)
          ? publicUrl + deposit.payment_url.slice(deps.publicUrl.length)
          : deposit.payment_url;
        return { ...deposit, payment_url };
      },
    );

    const hidden = { schema: { hide: true } };

    app.route({
      method: ['GET', 'POST'],
      url: ROBOKASSA_PATHS.result,
      ...hidden,
      handler: async (request, reply) => {
        const outcome = await handleResultNotice(deps, paramsOf(request));
        reply.type('text/plain; charset=utf-8');
        return outcome.accepted ? resultAcknowledgement(outcome.invoiceId) : reply.status(400).send(`bad request: ${outcome.reason}`);
      },
    });

    app.route({
      method: ['GET', 'POST'],
      url: ROBOKASSA_PATHS.success,
      ...hidden,
      handler: async (request, reply) =>
        reply.redirect(await successReturnUrl({ ...deps, publicUrl: deps.publicUrlOf(request) }, paramsOf(request)), 303),
    });

    app.route({
      method: ['GET', 'POST'],
      url: ROBOKASSA_PATHS.fail,
      ...hidden,
      handler: async (request, reply) =>
        reply.redirect(await failReturnUrl({ ...deps, publicUrl: deps.publicUrlOf(request) }, paramsOf(request)), 303),
    });
  };
}
