import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  announcementButton,
  mailingCancelResponseSchema,
  mailingHistoryResponseSchema,
  mailingIdParamsSchema,
  mailingQuerySchema,
  mailingResponseSchema,
  mailingResultSchema,
  mailingSendRequestSchema,
  mailingSettingsQuerySchema,
  mailingSettingsRequestSchema,
  mailingSettingsResponseSchema,
  mailingSettingsSchema,
} from '../../../contract/mailing.js';
import { mailingScheduledResponseSchema } from '../../../contract/mailing-schedule.js';
import { z } from '../../../contract/zod-setup.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import {
  cancelMailing,
  getMailingSettings,
  listMailingHistory,
  requireMailingResult,
  saveMailingSettings,
  sendMailing,
  type MailingDeps,
} from './service.js';
import { cancelMailingSchedule, scheduleMailing } from './schedule-service.js';

const errors = errorResponses(400, 401, 403, 404, 503);
const tags = ['mailing'];
const security = [{ bearer: [] }];

export function mailingRoutes(deps: MailingDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/mailing/settings',
      { schema: { tags, security, querystring: mailingSettingsQuerySchema, response: { 200: mailingSettingsSchema, ...errors } } },
      async (request) => getMailingSettings(deps.db, await requireSeller(deps, request, request.query.user_id)),
    );

    app.post(
      '/mailing/settings',
      { schema: { tags, security, body: mailingSettingsRequestSchema, response: { 200: mailingSettingsResponseSchema, ...errors } } },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body.user_id);
        return saveMailingSettings(deps, sellerId, request.body.bot_token, { userId: personId });
      },
    );

    app.post(
      '/mailing/send',
      {
        schema: {
          tags,
          security,
          body: mailingSendRequestSchema,
          // Sent now: the mailing's result; with `send_at`: the stored schedule.
          response: { 200: z.union([mailingResultSchema, mailingScheduledResponseSchema]), ...errors },
        },
      },
      async (request) => {
        const body = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, body.user_id);
        const actor = { userId: personId };
        const input = {
          botToken: body.bot_token,
          projectId: body.project_id ?? null,
          recipientIds: body.recipient_ids ?? [],
          segmentId: body.segment_id ?? null,
          text: body.message,
          imageUrl: body.image_url,
          parseMode: body.parse_mode,
          button: body.marketplace_url ? announcementButton(body.marketplace_url) : (body.button ?? null),
          announcement: body.marketplace_url !== null,
        };
        // With a time, nothing goes now: the schedule is stored and its runs are mailings of their own.
        if (body.send_at) return scheduleMailing(deps, sellerId, { ...input, sendAt: body.send_at, repeat: body.repeat ?? null }, actor);
        return sendMailing(deps, sellerId, input, actor);
      },
    );

    app.get(
      '/mailing/history',
      { schema: { tags, security, querystring: mailingQuerySchema, response: { 200: mailingHistoryResponseSchema, ...errors } } },
      async (request) => listMailingHistory(deps.db, await requireSeller(deps, request, request.query.user_id)),
    );

    app.get(
      '/mailing/:id',
      {
        schema: {
          tags,
          security,
          params: mailingIdParamsSchema,
          querystring: mailingQuerySchema,
          response: { 200: mailingResponseSchema, ...errors },
        },
      },
      async (request) => {
        const sellerId = await requireSeller(deps, request, request.query.user_id);
        return { mailing: await requireMailingResult(deps.db, sellerId, request.params.id) };
      },
    );

    app.post(
      '/mailing/schedules/:id/cancel',
      {
        schema: {
          tags,
          security,
          params: mailingIdParamsSchema,
          body: mailingQuerySchema.optional(),
          response: { 200: mailingScheduledResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body?.user_id);
        return cancelMailingSchedule(deps.db, sellerId, request.params.id, { userId: personId });
      },
    );

    app.post(
      '/mailing/:id/cancel',
      {
        schema: {
          tags,
          security,
          params: mailingIdParamsSchema,
          body: mailingQuerySchema.optional(),
          response: { 200: mailingCancelResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body?.user_id);
        return cancelMailing(deps.db, sellerId, request.params.id, { userId: personId });
      },
    );
  };
}
