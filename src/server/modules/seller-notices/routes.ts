import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.js';
import {
  noticeSettingsQuerySchema,
  noticeSettingsSchema,
  telegramLinkRequestSchema,
  telegramLinkResponseSchema,
  updateNoticeSettingsRequestSchema,
} from '../../../contract/seller-notices.js';
import type { Db } from '../../db/connection.js';
import type { PublicUrlOf } from '../../http/public-url.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { createTelegramLink, readSettings, updateSettings } from './service.js';

export interface SellerNoticeRouteDeps extends AuthDeps {
  db: Db;
  realNow: () => Date;
  publicUrlOf: PublicUrlOf;
  demo: boolean;
}

const errors = errorResponses(400, 401, 403, 409);
const signedIn = { tags: ['profile'], security: [{ bearer: [] }] };

/** The profile's notice switches and the link of the seller's Telegram to the notification bot. */
export function sellerNoticeRoutes(deps: SellerNoticeRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profile/notifications',
      { schema: { ...signedIn, querystring: noticeSettingsQuerySchema, response: { 200: noticeSettingsSchema, ...errors } } },
      async (request) => readSettings(deps.db, deps.demo, await requireSeller(deps, request, request.query.user_id)),
    );

    app.put(
      '/profile/notifications',
      { schema: { ...signedIn, body: updateNoticeSettingsRequestSchema, response: { 200: noticeSettingsSchema, ...errors } } },
      async (request) => updateSettings(deps.db, deps.demo, await requireSeller(deps, request, request.body.user_id), request.body),
    );

    app.post(
      '/profile/telegram-link',
      { schema: { ...signedIn, body: telegramLinkRequestSchema.optional(), response: { 200: telegramLinkResponseSchema, ...errors } } },
      async (request) => {
        const sellerId = await requireSeller(deps, request, request.body?.user_id);
        return createTelegramLink({ ...deps, publicUrl: deps.publicUrlOf(request) }, sellerId);
      },
    );
  };
}
