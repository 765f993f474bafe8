import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyHeadersSchema, ordersPageQuerySchema, ordersPageSchema } from '../../../contract/public-api.js';
import { orderActionResponseSchema, orderIdParamsSchema, shopOrderSchema } from '../../../contract/shop.js';
import { closeOrder, type OrderDeps } from '../shop/orders-service.js';
import { keyActor } from '../api-keys/service.js';
import { idempotent, keyHolder } from './edge-routes.js';
import { ordersPage, readOrder } from './reads.js';
import { postProblems, problems, scoped } from './schemas.js';

/** The shop's exchange requests: read them, and hand one out or cancel it (points returned) as the cabinet does. */
export function shopRoutes(deps: OrderDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const reading = scoped('shop', 'shop:read');
    app.get(
      '/shop/orders',
      {
        config: reading.config,
        schema: {
          ...reading.schema,
          summary: 'Заказы магазина',
          querystring: ordersPageQuerySchema,
          response: { 200: ordersPageSchema, ...problems },
        },
      },
      async (request) => ordersPage(deps.db, keyHolder(request).sellerId, request.query),
    );
    app.get(
      '/shop/orders/:id',
      {
        config: reading.config,
        schema: {
          ...reading.schema,
          summary: 'Заказ магазина',
          params: orderIdParamsSchema,
          response: { 200: shopOrderSchema, ...problems },
        },
      },
      async (request) => readOrder(deps.db, keyHolder(request).sellerId, request.params.id),
    );

    const writing = scoped('shop', 'shop:write');
    for (const [path, outcome, summary] of [
      ['fulfil', 'fulfilled', 'Выдать заказ'],
      ['cancel', 'cancelled', 'Отменить заказ и вернуть баллы'],
    ] as const) {
      app.post(
        `/shop/orders/:id/${path}`,
        {
          config: writing.config,
          schema: {
            ...writing.schema,
            summary,
            params: orderIdParamsSchema,
            headers: idempotencyHeadersSchema,
            response: { 200: orderActionResponseSchema, ...postProblems },
          },
        },
        async (request, reply) => {
          const holder = keyHolder(request);
          return idempotent(deps, request, reply, async () => ({
            status: 200,
            body: await closeOrder(deps, holder.sellerId, request.params.id, outcome, keyActor(holder)),
          }));
        },
      );
    }
  };
}
