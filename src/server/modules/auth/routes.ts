import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  profileQuerySchema,
  registerRequestSchema,
  registerResponseSchema,
  profileResponseSchema,
} from '../../../contract/auth.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import { messages } from '../../../contract/messages.js';
import { bearerToken } from '../../http/session-first.js';
import { requireSeller } from './session.js';
import type { AuthDeps } from './service.js';
import { getProfile, registerSeller, signIn, signOut } from './service.js';

const errors = errorResponses(400, 401, 403, 429);

export function authRoutes(deps: AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/register',
      {
        schema: {
          tags: ['auth'],
          body: registerRequestSchema,
          response: { 201: registerResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await registerSeller(deps, { ...request.body, clientAddress: request.ip });
        return reply.status(201).send({ message: messages.auth.registerSuccess, user_id: userId });
      },
    );

    app.post(
      '/login',
      { schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } } },
      async (request) => {
        const { token, user } = await signIn(deps, { ...request.body, clientAddress: request.ip });
        return { message: messages.auth.loginSuccess, token, user };
      },
    );

    app.post(
      '/logout',
      { schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: messageResponseSchema, ...errors } } },
      async (request) => {
        await requireSeller(deps, request);
        await signOut(deps, bearerToken(request)!);
        return { message: messages.auth.logoutSuccess };
      },
    );

    app.get(
      '/profile',
      {
        schema: {
          tags: ['auth'],
          security: [{ bearer: [] }],
          querystring: profileQuerySchema,
          response: { 200: profileResponseSchema, 404: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const sellerId = await requireSeller(deps, request, request.query.user_id);
        return { user: await getProfile(deps, sellerId) };
      },
    );
  };
}
