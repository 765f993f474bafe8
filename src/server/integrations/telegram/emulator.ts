import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BotApiFailure, callBotApi, type BotApiParams } from './emulator-bot-api.js';
import { NotAnImageError } from './emulator-files.js';
import { messageUpdate, openMenuButton, pressButton, PressRefused } from './emulator-launch.js';
import { TelegramEmulatorStore } from './emulator-store.js';
import { webAppStandInScript } from './emulator-web-app.js';
import { botIdOf, isWellFormedBotToken } from './token.js';

/**
 * Stand-in for the Telegram Bot API (demo mode and tests), under /__emulators/telegram.
 *
 * Bot API: `/bot<token>/<method>` with the real wire format (GET query, JSON, form or multipart bodies;
 * `{ ok, result }` or `{ ok: false, error_code, description, parameters }` with the matching status),
 * the real limits (30 messages a second per bot, 1 a second per chat: 429 with `retry_after`) and
 * `/file/bot<token>/<file_path>` downloads.
 *
 * Control API for tests and demos: `GET|DELETE /messages` (accepted messages), `GET /conversation` (both
 * sides of one chat, as the demo chat shows it), `GET /shopper-photo` (a shopper's photo's preview), `POST|DELETE /blocked`
 * (a chat that blocked every bot), `POST /outage` (every Bot API call answers 502 for a while),
 * `POST /updates` (a shopper writes to a bot: delivered to its webhook or queued for getUpdates).
 *
 * Mini Apps: `GET /telegram-web-app.js`, a stand-in for Telegram's Mini App script (emulator-web-app.ts).
 */
export const WEB_APP_SCRIPT_PATH = '/telegram-web-app.js';
/** Where the app mounts this emulator (demo mode). */
export const TELEGRAM_EMULATOR_PREFIX = '/__emulators/telegram';
/** Bot API calls other than uploads are small; the app's JSON limit is lower than Telegram's. */
const BOT_API_BODY_LIMIT_BYTES = 1024 * 1024;
/** A shopper's photo in base64. */
const UPDATE_BODY_LIMIT_BYTES = 20 * 1024 * 1024;

const chatIdSchema = z.coerce
  .number()
  .int()
  .refine((id) => id !== 0, 'chat_id must be a non-zero integer');

const messagesQuerySchema = z.object({ chat_id: chatIdSchema.optional(), bot_id: z.coerce.number().int().positive().optional() });
const conversationQuerySchema = z.object({ bot_id: z.coerce.number().int().positive(), chat_id: chatIdSchema });
const shopperPhotoQuerySchema = z.object({ bot_id: z.coerce.number().int().positive(), file_id: z.string().min(1).max(200) });
const blockedBodySchema = z.object({ chat_id: chatIdSchema });
const outageBodySchema = z.object({ seconds: z.number().min(0).max(3600) });
const updateBodySchema = z
  .object({
    bot_id: z.coerce.number().int().positive(),
    from: z.object({
      id: z.number().int().positive(),
      first_name: z.string().min(1),
      username: z.string().min(1).optional(),
      /** The phone of the shopper's Telegram account, shared by a request_contact button. */
      phone_number: z
        .string()
        .regex(/^\+?\d{5,15}$/)
        .optional(),
    }),
    text: z.string().min(1).max(4096).optional(),
    photo_base64: z.base64().min(1).optional(),
    caption: z.string().max(1024).optional(),
    /** The text of a button the bot showed this shopper. */
    press: z.string().min(1).optional(),
    /** Opens the chat's menu button. */
    menu_button: z.literal(true).optional(),
    /** A contact card sent from the attachment menu (anyone's, or forwarded): not a request_contact button's. */
    contact: z
      .object({
        phone_number: z.string().regex(/^\+?\d{5,15}$/),
        first_name: z.string().min(1),
        user_id: z.number().int().positive().optional(),
      })
      .optional(),
  })
  .refine(
    (body) => [body.text, body.photo_base64, body.press, body.menu_button, body.contact].filter((part) => part !== undefined).length === 1,
    'exactly one of text, photo_base64, press, menu_button or contact is required',
  );
const menuButtonQuerySchema = z.object({ bot_id: z.coerce.number().int().positive(), chat_id: chatIdSchema.optional() });

/** The file names of a multipart request's uploads, by part (the parsed body keeps only their bytes). */
const uploadNames = new WeakMap<FastifyRequest, Map<string, string>>();
function uploadNamesOf(request: FastifyRequest): Map<string, string> {
  let names = uploadNames.get(request);
  if (!names) uploadNames.set(request, (names = new Map()));
  return names;
}

export function telegramEmulator(options: { store?: TelegramEmulatorStore } = {}): FastifyPluginAsync {
  const store = options.store ?? new TelegramEmulatorStore();
  const webAppScript = webAppStandInScript();

  return async (app) => {
    await app.register(formbody);
    // Only here: the app itself accepts no multipart bodies.
    // Telegram takes uploads up to 50 MB (a photo up to 10 MB, checked by sendPhoto): the store's limits.
    // Each upload's bytes become its field's value; its file name is kept aside (a document's name).
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: store.uploadLimits.fileBytes, files: 10 },
      async onFile(part) {
        (part as { value?: unknown }).value = await part.toBuffer();
        uploadNamesOf(this).set(part.fieldname, part.filename);
      },
    });
    app.addHook('preClose', async () => store.close());
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      const description =
        status === 413 ? 'Request Entity Too Large' : status === 500 ? 'Internal Server Error' : `Bad Request: ${error.message}`;
      return sendFailure(reply, new BotApiFailure(status, description));
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/bot:token/:method',
      bodyLimit: BOT_API_BODY_LIMIT_BYTES,
      handler: async (request, reply) => {
        const { token, method } = request.params as { token: string; method: string };
        if (store.inOutage()) return sendFailure(reply, new BotApiFailure(502, 'Bad Gateway'));
        if (!isWellFormedBotToken(token)) return sendFailure(reply, new BotApiFailure(401, 'Unauthorized'));
        const params: BotApiParams = { ...(request.query as BotApiParams), ...(isRecord(request.body) ? request.body : {}) };
        store.botTokens.set(botIdOf(token), token);
        try {
          return { ok: true, result: await callBotApi(store, botIdOf(token), method, params, uploadNamesOf(request)) };
        } catch (error) {
          if (error instanceof BotApiFailure) return sendFailure(reply, error);
          throw error;
        }
      },
    });

    app.get('/file/bot:token/*', async (request, reply) => {
      const { token, '*': filePath } = request.params as { token: string; '*': string };
      if (store.inOutage()) return sendFailure(reply, new BotApiFailure(502, 'Bad Gateway'));
      const file = isWellFormedBotToken(token) ? store.files.contentAt(botIdOf(token), filePath) : undefined;
      if (!file) return sendFailure(reply, new BotApiFailure(404, 'Not Found'));
      return reply.type(file.mimeType).send(file.bytes);
    });

    app.get(WEB_APP_SCRIPT_PATH, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(webAppScript),
    );

    /**
     * The demo chat with a bot (a page of the web app, src/web/pages/demo/): the web app's index.html,
     * which picks the chat page by its path. The app's SPA fallback leaves /__emulators/ alone on purpose.
     */
    app.get('/chat', async (_request, reply) => {
      if (typeof reply.sendFile !== 'function')
        return reply.status(404).send({ ok: false, description: 'the web app is not built: run `npm run build`' });
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    });

    app.get('/messages', async (request, reply) => {
      const query = messagesQuerySchema.safeParse(request.query);
      if (!query.success) return controlError(reply, query.error);
      const { chat_id, bot_id } = query.data;
      return store.sent.filter(
        (message) => (chat_id === undefined || message.chat_id === chat_id) && (bot_id === undefined || message.bot_id === bot_id),
      );
    });

    /** Clears both sides of every chat. */
    app.delete('/messages', async () => {
      store.sent.length = 0;
      store.received.length = 0;
      return { ok: true };
    });

    /** One chat as Telegram shows it: the bot's and the shopper's messages in the chat's order (message ids). */
    app.get('/conversation', async (request, reply) => {
      const query = conversationQuerySchema.safeParse(request.query);
      if (!query.success) return controlError(reply, query.error);
      const inChat = (message: { bot_id: number; chat_id: number }) =>
        message.bot_id === query.data.bot_id && message.chat_id === query.data.chat_id;
      return [
        ...store.sent.filter(inChat).map((message) => ({ from: 'bot' as const, ...message })),
        ...store.received.filter(inChat).map((message) => ({ from: 'shopper' as const, ...message })),
      ].sort((a, b) => a.message_id - b.message_id);
    });

    app.get('/shopper-photo', async (request, reply) => {
      const query = shopperPhotoQuerySchema.safeParse(request.query);
      if (!query.success) return controlError(reply, query.error);
      const { bot_id: botId, file_id: fileId } = query.data;
      const file = store.files.downloadable(botId, fileId);
      const content = file && store.files.contentAt(botId, file.filePath);
      if (!content) return reply.status(404).send({ ok: false, description: 'no such photo of this bot' });
      return reply.type(content.mimeType).header('cache-control', 'private, max-age=86400').send(content.bytes);
    });

    app.post('/blocked', async (request, reply) => {
      const body = blockedBodySchema.safeParse(request.body);
      if (!body.success) return controlError(reply, body.error);
      store.blockedChats.add(body.data.chat_id);
      return { ok: true };
    });

    /** With `{chat_id}` un-blocks that chat, without a body every chat. */
    app.delete('/blocked', async (request, reply) => {
      if (request.body === undefined || request.body === null) {
        store.blockedChats.clear();
        return { ok: true };
      }
      const body = blockedBodySchema.safeParse(request.body);
      if (!body.success) return controlError(reply, body.error);
      store.blockedChats.delete(body.data.chat_id);
      return { ok: true };
    });

    app.post('/outage', async (request, reply) => {
      const body = outageBodySchema.safeParse(request.body);
      if (!body.success) return controlError(reply, body.error);
      store.startOutage(body.data.seconds);
      return { ok: true };
    });

    /**
     * A shopper acts in a chat with a bot: writes (`text`, `photo_base64`, `contact`), presses a button the bot
     * showed (`press`), or opens the menu button (`menu_button`). Writing starts the chat, after
     * which the bot may write to the shopper. Answers the update made, or the page to open.
     */
    app.post('/updates', { bodyLimit: UPDATE_BODY_LIMIT_BYTES }, async (request, reply) => {
      const body = updateBodySchema.safeParse(request.body);
      if (!body.success) return controlError(reply, body.error);
      const { bot_id: botId, from, text, photo_base64: photoBase64, caption, press, menu_button: menuButton, contact } = body.data;
      const user = {
        id: from.id,
        is_bot: false as const,
        first_name: from.first_name,
        ...(from.username ? { username: from.username } : {}),
      };
      store.users.set(from.id, { first_name: from.first_name, username: from.username });
      let update;
      try {
        if (menuButton) return { ok: true, url: openMenuButton(store, botId, user) };
        if (press !== undefined) {
          const outcome = pressButton(store, botId, user, press, from.phone_number);
          if (outcome.kind === 'open') return { ok: true, url: outcome.url };
          update = outcome.update;
        }
      } catch (error) {
        if (error instanceof PressRefused) return reply.status(400).send({ ok: false, description: error.message });
        throw error;
      }
      if (photoBase64 !== undefined) {
        let photo;
        try {
          photo = await store.files.storePhoto(botId, Buffer.from(photoBase64, 'base64'));
        } catch (error) {
          if (error instanceof NotAnImageError)
            return reply.status(400).send({ ok: false, description: 'photo_base64 is not a PNG or JPEG image' });
          throw error;
        }
        update = messageUpdate(store, botId, user, { photo, ...(caption ? { caption } : {}) });
      }
      if (contact) update = messageUpdate(store, botId, user, { contact });
      update ??= messageUpdate(store, botId, user, { text: text! });
      if ('message' in update) store.keepShopperMessage(botId, update.message);
      store.startedChats.add(`${botId}:${from.id}`);
      store.updates.push(botId, update);
      return { ok: true, update_id: update.update_id };
    });

    /** The menu button a chat shows (the demo chat draws it beside the input field). */
    app.get('/menu-button', async (request, reply) => {
      const query = menuButtonQuerySchema.safeParse(request.query);
      if (!query.success) return controlError(reply, query.error);
      const { bot_id: botId, chat_id: chatId } = query.data;
      return (
        (chatId !== undefined ? store.menuButtons.get(`${botId}:${chatId}`) : undefined) ??
        store.menuButtons.get(String(botId)) ?? { type: 'default' }
      );
    });
  };
}

function sendFailure(reply: FastifyReply, failure: BotApiFailure) {
  return reply.status(failure.errorCode).send({
    ok: false,
    error_code: failure.errorCode,
    description: failure.description,
    ...(failure.retryAfterSeconds !== undefined ? { parameters: { retry_after: failure.retryAfterSeconds } } : {}),
  });
}

function controlError(reply: FastifyReply, error: z.ZodError) {
  return reply
    .status(400)
    .send({ ok: false, description: error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ') });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}
