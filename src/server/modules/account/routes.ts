import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  confirmEmailRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
} from '../../../contract/account.js';
import { messageResponseSchema } from '../../../contract/auth.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { bearerToken } from '../../http/session-first.js';
import { requireSeller } from '../auth/session.js';
import {
  changePassword,
  confirmEmailChange,
  renameSeller,
  requestEmailChange,
  requestPasswordReset,
  resetPassword,
  type AccountDeps,
} from './service.js';

const a = messages.account;
const errors = errorResponses(400, 401, 403, 404, 429);
const signedIn = { tags: ['account'], security: [{ bearer: [] }] };

/** Password reset, the profile's name, password and e-mail (docs/decisions.md, "Password reset, profile, e-mail"). */
export function accountRoutes(deps: AccountDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/password/forgot',
      { schema: { tags: ['account'], body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request) => {
        await requestPasswordReset(deps, { email: request.body.email, clientAddress: request.ip });
        return { message: a.forgotSent };
      },
    );

    app.post(
      '/password/reset',
      { schema: { tags: ['account'], body: resetPasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request) => {
        await resetPassword(deps, request.body);
        return { message: a.resetSuccess };
      },
    );

    app.post(
      '/password/change',
      { schema: { ...signedIn, body: changePasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request) => {
        const sellerId = await requireSeller(deps, request);
        const { current_password: currentPassword, password } = request.body;
        await changePassword(deps, { sellerId, sessionToken: bearerToken(request)!, currentPassword, password });
        return { message: a.passwordChanged };
      },
    );

    app.put(
      '/profile',
      { schema: { ...signedIn, body: updateProfileRequestSchema, response: { 200: updateProfileResponseSchema, ...errors } } },
      async (request) => {
        const sellerId = await requireSeller(deps, request);
        return { message: a.profileSaved, user: await renameSeller(deps, { sellerId, name: request.body.name }) };
      },
    );

    app.post(
      '/email/change',
      {
        schema: {
          ...signedIn,
          body: changeEmailRequestSchema,
          response: { 200: messageResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const sellerId = await requireSeller(deps, request);
        await requestEmailChange(deps, { sellerId, email: request.body.email });
        return { message: fillMessage(a.emailChangeSent, { email: request.body.email }) };
      },
    );

    app.post(
      '/email/confirm',
      {
        schema: {
          tags: ['account'],
          body: confirmEmailRequestSchema,
          response: { 200: messageResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { email } = await confirmEmailChange(deps, request.body);
        return { message: fillMessage(a.emailChanged, { email }) };
      },
    );
  };
}
