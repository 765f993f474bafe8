import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyIdParamsSchema,
  apiKeysQuerySchema,
  apiKeysResponseSchema,
  createApiKeyRequestSchema,
  createdApiKeyResponseSchema,
} from '../../../contract/api-keys.js';
import { messageResponseSchema } from '../../../contract/auth.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { createApiKey, deleteApiKey, listApiKeys, type ApiKeyDeps } from './service.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['api-keys'];
const security = [{ bearer: [] }];

/** The seller's API keys: `/api-keys`. The whole key is in the creation's answer only. */
export function apiKeyRoutes(deps: ApiKeyDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api-keys',
      {
        schema: {
          tags,
          security,
          body: createApiKeyRequestSchema,
          response: { 201: createdApiKeyResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const access = await requireAccess(deps, request, request.body.user_id);
        return reply.status(201).send(await createApiKey(deps, access.sellerId, request.body, { userId: access.personId }));
      },
    );

    app.get(
      '/api-keys',
      { schema: { tags, security, querystring: apiKeysQuerySchema, response: { 200: apiKeysResponseSchema, ...errors } } },
      async (request) => listApiKeys(deps, await requireSeller(deps, request, request.query.user_id)),
    );

    app.delete(
      '/api-keys/:id',
      {
        schema: {
          tags,
          security,
          params: apiKeyIdParamsSchema,
          querystring: apiKeysQuerySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const access = await requireAccess(deps, request, request.query.user_id);
        return deleteApiKey(deps, access.sellerId, request.params.id, { userId: access.personId });
      },
    );
  };
}
