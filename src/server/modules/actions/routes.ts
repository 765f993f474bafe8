import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionIdParamsSchema,
  actionListQuerySchema,
  apiKeyResponseSchema,
  actionListResponseSchema,
  actionResponseSchema,
  createActionRequestSchema,
  createActionResponseSchema,
  renewActionResponseSchema,
  updateActionRequestSchema,
  userScopedQuerySchema,
} from '../../../contract/actions.js';
import { messageResponseSchema } from '../../../contract/auth.js';
import { insufficientFundsResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import {
  createAction,
  deleteAction,
  getAction,
  listActions,
  regenerateApiKey,
  renewAction,
  updateAction,
  type ActionDeps,
} from './service.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['actions'];
const security = [{ bearer: [] }];

/** Actions are "projects" in the API (SPEC §7). */
export function actionRoutes(deps: ActionDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects',
      { schema: { tags, security, querystring: actionListQuerySchema, response: { 200: actionListResponseSchema, ...errors } } },
      async (request) => ({
        projects: await listActions(deps, await requireSeller(deps, request, request.query.user_id), {
          includeDeleted: request.query.include_deleted,
        }),
      }),
    );

    app.post(
      '/projects',
      {
        schema: {
          tags,
          security,
          body: createActionRequestSchema,
          response: { 201: createActionResponseSchema, 402: insufficientFundsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body.user_id);
        const { projectId, message, apiKey } = await createAction(deps, sellerId, request.body, { userId: personId });
        return reply.status(201).send({ project_id: projectId, message, api_key: apiKey });
      },
    );

    app.get(
      '/projects/:id',
      {
        schema: {
          tags,
          security,
          params: actionIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => ({ project: await getAction(deps, await requireSeller(deps, request, request.query.user_id), request.params.id) }),
    );

    app.put(
      '/projects/:id',
      {
        schema: {
          tags,
          security,
          params: actionIdParamsSchema,
          body: updateActionRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body.user_id);
        return updateAction(deps, sellerId, request.params.id, request.body, { userId: personId });
      },
    );

    app.delete(
      '/projects/:id',
      {
        schema: {
          tags,
          security,
          params: actionIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return deleteAction(deps, sellerId, request.params.id, { userId: personId });
      },
    );

    app.post(
      '/projects/:id/renew',
      {
        schema: {
          tags,
          security,
          params: actionIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: renewActionResponseSchema, 402: insufficientFundsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return renewAction(deps, sellerId, request.params.id, { userId: personId });
      },
    );

    app.post(
      '/projects/:id/api-key',
      {
        schema: {
          tags,
          security,
          params: actionIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: apiKeyResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return regenerateApiKey(deps, sellerId, request.params.id, { userId: personId });
      },
    );
  };
}
