import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/errors.js';
import { messages } from '../../../contract/messages.js';
import { z } from '../../../contract/zod-setup.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { WEBHOOK_PATH } from './connection.js';
import * as repo from './repository.js';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';
const paramsSchema = z.object({ botId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const updateSchema = z.looseObject({ update_id: z.number().int().nonnegative() });

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Telegram's webhook for actions' bots. It answers at once (Telegram redelivers unanswered
 * updates) and leaves the work to the job queue; a request without the bot's secret is not Telegram.
 */
export function botWebhookRoutes(deps: { db: Db; onStored: () => void }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${WEBHOOK_PATH}/:botId`,
      {
        schema: {
          tags: ['telegram'],
          params: paramsSchema,
          body: updateSchema,
          response: { 200: z.object({ ok: z.boolean() }), 401: errorResponseSchema },
        },
      },
      async (request) => {
        const bot = await repo.findWebhookBot(deps.db, request.params.botId);
        if (!bot || bot.mode !== 'webhook' || !sameSecret(request.headers[SECRET_HEADER], bot.webhookSecret)) {
          throw new AppError('unauthorized', messages.common.unauthorized);
        }
        const stored = await repo.storeUpdates(deps.db, { botId: request.params.botId, projectId: bot.projectId, updates: [request.body] });
        if (stored > 0) deps.onStored();
        return { ok: true };
      },
    );
  };
}
