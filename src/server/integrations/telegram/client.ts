import { Api, GrammyError, InputFile } from 'grammy';
import type { ForceReply, InlineKeyboardMarkup, ReplyKeyboardMarkup, ReplyKeyboardRemove, Update } from 'grammy/types';
import { failureToTelegramError, fromGrammyError, networkError, TelegramError } from './errors.js';

/**
 * The Telegram Bot API as ScanApp uses it (mailings, the points shop, the shoppers' bot).
 * Every method takes the seller's bot token first: there is no product-wide bot.
 * Failures are `TelegramError`s; nothing is retried here, callers decide pacing and retries.
 */
export interface TelegramClient {
  getMe(token: string): Promise<TelegramBot>;
  sendMessage(token: string, input: SendMessageInput): Promise<{ message_id: number }>;
  /** `photo_file_id` is the largest size's id: send it instead of the upload to the next recipients. */
  sendPhoto(token: string, input: SendPhotoInput): Promise<{ message_id: number; photo_file_id: string }>;
  /** A general file (a product guide's PDF): uploaded up to 50 MB, or by a URL Telegram downloads (up to 20 MB). */
  sendDocument(token: string, input: SendFileInput): Promise<{ message_id: number }>;
  /** A video (MP4), with the same limits as a document. */
  sendVideo(token: string, input: SendFileInput): Promise<{ message_id: number }>;
  setWebhook(token: string, input: { url: string; secret_token: string; allowed_updates?: UpdateKind[] }): Promise<void>;
  deleteWebhook(token: string): Promise<void>;
  /**
   * Long polling: waits up to `timeout` seconds (0 = answer at once) for updates after `offset`;
   * `signal` ends the wait early (the instance is stopping).
   */
  getUpdates(
    token: string,
    input?: { offset?: number; timeout?: number; allowed_updates?: UpdateKind[] },
    signal?: AbortSignal,
  ): Promise<Update[]>;
  /** The chat's menu button (left of the input field): the bot's default, or one chat's. */
  setChatMenuButton(token: string, input: { chat_id?: number; menu_button: MenuButton }): Promise<void>;
  /** The commands the chat's «Menu» lists to every shopper (the default scope, all languages). */
  setMyCommands(token: string, commands: readonly BotCommand[]): Promise<void>;
  /** Ends the button's loading state in the shopper's app; Telegram takes one answer per press. */
  answerCallbackQuery(token: string, callbackQueryId: string): Promise<void>;
  getFile(token: string, fileId: string): Promise<{ file_path: string; file_size?: number }>;
  downloadFile(token: string, filePath: string): Promise<Buffer>;
}

export interface TelegramBot {
  id: number;
  username: string;
  first_name: string;
}

/** A command the bot lists: 1–32 characters a–z, 0–9, _; its description 1–256 characters. */
export interface BotCommand {
  command: string;
  description: string;
}

export type ParseMode = 'HTML' | 'MarkdownV2';
/** `message`, `callback_query`, …: which updates a webhook receives. */
export type UpdateKind = Exclude<keyof Update, 'update_id'>;
export type MenuButton = { type: 'default' } | { type: 'commands' } | { type: 'web_app'; text: string; web_app: { url: string } };
export type ReplyMarkup = InlineKeyboardMarkup | ReplyKeyboardMarkup | ReplyKeyboardRemove | ForceReply;

export interface SendMessageInput {
  chat_id: number | string;
  text: string;
  parse_mode?: ParseMode;
  reply_markup?: ReplyMarkup;
}

/** A photo by URL, by a `file_id` Telegram issued to this bot, or uploaded from memory. */
export type PhotoSource = string | { data: Buffer; filename: string };

export interface SendPhotoInput {
  chat_id: number | string;
  photo: PhotoSource;
  caption?: string;
  parse_mode?: ParseMode;
  reply_markup?: ReplyMarkup;
}

export interface SendFileInput {
  chat_id: number | string;
  /** A URL, or the bytes uploaded with their file name. */
  file: PhotoSource;
  caption?: string;
}

const inputFileOf = (file: PhotoSource) => (typeof file === 'string' ? file : new InputFile(file.data, file.filename));

/** grammY's own timer is only a backstop; each call carries its own deadline (long polls need a longer one). */
const GRAMMY_BACKSTOP_TIMEOUT_SECONDS = 3_600;

/** grammY on Node types signals with the `abort-controller` polyfill; it only listens for "abort", which a native signal fires. */
type GrammySignal = NonNullable<Parameters<Api['getMe']>[0]>;

/** Each call's method and how it ended (`ok` or the error's kind: `rate_limited` is Telegram's 429), for the metrics. */
export type TelegramCallObserver = (method: string, outcome: 'ok' | TelegramError['kind']) => void;

export function createTelegramClient(options: { apiRoot: string; timeoutMs: number; observe?: TelegramCallObserver }): TelegramClient {
  const observe = options.observe ?? (() => undefined);
  const apiRoot = options.apiRoot.replace(/\/+$/, '');
  // One grammY Api per bot token, without transformers: no auto-retry, no flood waits hidden from the caller.
  const apis = new Map<string, Api>();
  const apiFor = (token: string): Api => {
    let api = apis.get(token);
    if (!api) {
      api = new Api(token, { apiRoot, timeoutSeconds: GRAMMY_BACKSTOP_TIMEOUT_SECONDS });
      apis.set(token, api);
    }
    return api;
  };

  async function call<T>(
    token: string,
    method: string,
    run: (api: Api, signal: GrammySignal) => Promise<T>,
    extra: { ms?: number; signal?: AbortSignal } = {},
  ): Promise<T> {
    const deadline = AbortSignal.timeout(options.timeoutMs + (extra.ms ?? 0));
    const signal = extra.signal ? AbortSignal.any([deadline, extra.signal]) : deadline;
    try {
      const result = await run(apiFor(token), signal as unknown as GrammySignal);
      observe(method, 'ok');
      return result;
    } catch (error) {
      // Telegram answers 404 to a token it cannot parse; the methods we call all exist.
      const failure =
        error instanceof GrammyError && error.error_code === 404
          ? new TelegramError({ kind: 'unauthorized', method, errorCode: 404, description: error.description })
          : fromGrammyError(error, method, token);
      observe(method, failure.kind);
      throw failure;
    }
  }

  return {
    async getMe(token) {
      const me = await call(token, 'getMe', (api, signal) => api.getMe(signal));
      return { id: me.id, username: me.username, first_name: me.first_name };
    },

    async sendMessage(token, { chat_id, text, ...other }) {
      const message = await call(token, 'sendMessage', (api, signal) => api.sendMessage(chat_id, text, other, signal));
      return { message_id: message.message_id };
    },

    async sendPhoto(token, { chat_id, photo, ...other }) {
      const source = typeof photo === 'string' ? photo : new InputFile(photo.data, photo.filename);
      const message = await call(token, 'sendPhoto', (api, signal) => api.sendPhoto(chat_id, source, other, signal));
      const largest = message.photo.at(-1);
      if (!largest) throw new TelegramError({ kind: 'server', method: 'sendPhoto', description: 'answer without photo sizes' });
      return { message_id: message.message_id, photo_file_id: largest.file_id };
    },

    async sendDocument(token, { chat_id, file, caption }) {
      const message = await call(token, 'sendDocument', (api, signal) =>
        api.sendDocument(chat_id, inputFileOf(file), caption ? { caption } : {}, signal),
      );
      return { message_id: message.message_id };
    },

    async sendVideo(token, { chat_id, file, caption }) {
      const message = await call(token, 'sendVideo', (api, signal) =>
        api.sendVideo(chat_id, inputFileOf(file), caption ? { caption } : {}, signal),
      );
      return { message_id: message.message_id };
    },

    async setWebhook(token, { url, ...other }) {
      await call(token, 'setWebhook', (api, signal) => api.setWebhook(url, other, signal));
    },

    async deleteWebhook(token) {
      await call(token, 'deleteWebhook', (api, signal) => api.deleteWebhook({}, signal));
    },

    async getUpdates(token, input = {}, signal) {
      const waitMs = (input.timeout ?? 0) * 1000;
      return call(token, 'getUpdates', (api, callSignal) => api.getUpdates(input, callSignal), { ms: waitMs, signal });
    },

    async setChatMenuButton(token, input) {
      await call(token, 'setChatMenuButton', (api, signal) => api.setChatMenuButton(input, signal));
    },

    async setMyCommands(token, commands) {
      await call(token, 'setMyCommands', (api, signal) => api.setMyCommands([...commands], {}, signal));
    },

    async answerCallbackQuery(token, callbackQueryId) {
      await call(token, 'answerCallbackQuery', (api, signal) => api.answerCallbackQuery(callbackQueryId, {}, signal));
    },

    async getFile(token, fileId) {
      const file = await call(token, 'getFile', (api, signal) => api.getFile(fileId, signal));
      if (!file.file_path)
        throw new TelegramError({ kind: 'bad_request', method: 'getFile', description: 'file is not available for download' });
      return { file_path: file.file_path, file_size: file.file_size };
    },

    async downloadFile(token, filePath) {
      let response: Response;
      try {
        response = await fetch(`${apiRoot}/file/bot${token}/${filePath}`, { signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (error) {
        throw networkError('downloadFile', error, token);
      }
      if (!response.ok) throw failureToTelegramError('downloadFile', await failureOf(response));
      return Buffer.from(await response.arrayBuffer());
    },
  };
}

/** The `{ ok: false, … }` body of a failed download, or one made from the HTTP status when the body is not JSON. */
async function failureOf(response: Response): Promise<{ error_code: number; description: string }> {
  const fallback = { error_code: response.status, description: response.statusText || `HTTP ${response.status}` };
  try {
    const body = (await response.json()) as { error_code?: unknown; description?: unknown };
    if (typeof body.error_code === 'number' && typeof body.description === 'string')
      return { error_code: body.error_code, description: body.description };
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  return fallback;
}
