import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.js';
import { messageResponseSchema } from '../../../contract/auth.js';
import { rublesToKopecks } from '../../../contract/format.js';
import {
  createProductRequestSchema,
  orderActionRequestSchema,
  orderActionResponseSchema,
  orderIdParamsSchema,
  ordersResponseSchema,
  productIdParamsSchema,
  productResponseSchema,
  productsResponseSchema,
  reorderProductRequestSchema,
  shopScopeQuerySchema,
  shopSettingsRequestSchema,
  shopSettingsResponseSchema,
  updateProductRequestSchema,
} from '../../../contract/shop.js';
import type { PublicUrlOf } from '../../http/public-url.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { closeOrder, listOrders, type OrderDeps } from './orders-service.js';
import { createProduct, deleteProduct, listProducts, reorderProduct, updateProduct } from './products-service.js';
import { getShopSettings, saveShopSettings } from './settings-service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const tags = ['shop'];
const security = [{ bearer: [] }];

interface ProductBody {
  title?: string;
  description?: string;
  image_url?: string | null;
  price_points?: number;
  quantity?: number | null;
  cost?: number | null;
  is_active?: boolean;
}

/** A product's fields as the API names them, in the service's names; an absent one stays absent (a partial update). */
function productFieldsOf<Body extends ProductBody>(
  body: Body,
): {
  title: Body['title'];
  description: Body['description'];
  imageUrl: Body['image_url'];
  pricePoints: Body['price_points'];
  quantity: Body['quantity'];
  costKopecks: Body['cost'];
  isActive: Body['is_active'];
} {
  return {
    title: body.title,
    description: body.description,
    imageUrl: body.image_url,
    pricePoints: body.price_points,
    quantity: body.quantity,
    // The API speaks rubles; the database keeps kopecks, as every sum.
    costKopecks: (body.cost == null ? body.cost : rublesToKopecks(body.cost)) as Body['cost'],
    isActive: body.is_active,
  };
}

/** The seller's shop of one action (SPEC §7 `/shop/…`), plus its exchange requests. */
export function shopRoutes(deps: OrderDeps & AuthDeps & { publicUrlOf: PublicUrlOf }): FastifyPluginAsyncZod {
  // The shop's link and the own-picture check follow the address of each request (demo mode without PUBLIC_URL).
  const at = (request: FastifyRequest) => ({ ...deps, publicUrl: deps.publicUrlOf(request) });
  return async (app) => {
    app.get(
      '/shop/settings',
      { schema: { tags, security, querystring: shopScopeQuerySchema, response: { 200: shopSettingsResponseSchema, ...errors } } },
      async (request) => {
        const sellerId = await requireSeller(deps, request, request.query.user_id);
        return { settings: await getShopSettings(at(request), sellerId, request.query.project_id) };
      },
    );

    app.post(
      '/shop/settings',
      { schema: { tags, security, body: shopSettingsRequestSchema, response: { 200: shopSettingsResponseSchema, ...errors } } },
      async (request) => {
        const body = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, body.user_id);
        return saveShopSettings(
          at(request),
          sellerId,
          body.project_id,
          {
            puzzleBotToken: body.puzzle_bot_token,
            commandName: body.command_name,
            variableNameTitle: body.variable_name_title,
            variableNamePrice: body.variable_name_price,
            telegramBotToken: body.telegram_bot_token,
            regenerateToken: body.regenerate_token,
          },
          { userId: personId },
        );
      },
    );

    app.get(
      '/shop/products',
      { schema: { tags, security, querystring: shopScopeQuerySchema, response: { 200: productsResponseSchema, ...errors } } },
      async (request) => listProducts(deps, await requireSeller(deps, request, request.query.user_id), request.query.project_id),
    );

    app.post(
      '/shop/products',
      { schema: { tags, security, body: createProductRequestSchema, response: { 201: productResponseSchema, ...errors } } },
      async (request, reply) => {
        const body = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, body.user_id);
        const created = await createProduct(at(request), sellerId, body.project_id, productFieldsOf(body), { userId: personId });
        return reply.status(201).send(created);
      },
    );

    app.put(
      '/shop/products/:id',
      {
        schema: {
          tags,
          security,
          params: productIdParamsSchema,
          body: updateProductRequestSchema,
          response: { 200: productResponseSchema, ...errors },
        },
      },
      async (request) => {
        const body = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, body.user_id);
        return updateProduct(at(request), sellerId, body.project_id, request.params.id, productFieldsOf(body), { userId: personId });
      },
    );

    app.delete(
      '/shop/products/:id',
      {
        schema: {
          tags,
          security,
          params: productIdParamsSchema,
          querystring: shopScopeQuerySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return deleteProduct(deps, sellerId, request.query.project_id, request.params.id, { userId: personId });
      },
    );

    app.post(
      '/shop/products/reorder',
      { schema: { tags, security, body: reorderProductRequestSchema, response: { 200: productsResponseSchema, ...errors } } },
      async (request) => {
        const body = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, body.user_id);
        return reorderProduct(deps, sellerId, body.project_id, body.product_id, body.direction, { userId: personId });
      },
    );

    app.get(
      '/shop/orders',
      { schema: { tags, security, querystring: shopScopeQuerySchema, response: { 200: ordersResponseSchema, ...errors } } },
      async (request) => listOrders(deps, await requireSeller(deps, request, request.query.user_id), request.query.project_id),
    );

    for (const [path, outcome] of [
      ['fulfil', 'fulfilled'],
      ['cancel', 'cancelled'],
    ] as const) {
      app.post(
        `/shop/orders/:id/${path}`,
        {
          schema: {
            tags,
            security,
            params: orderIdParamsSchema,
            body: orderActionRequestSchema.optional(),
            response: { 200: orderActionResponseSchema, ...errors },
          },
        },
        async (request) => {
          const { sellerId, personId } = await requireAccess(deps, request, request.body?.user_id);
          return closeOrder(deps, sellerId, request.params.id, outcome, { userId: personId });
        },
      );
    }
  };
}
