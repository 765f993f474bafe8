import { NotAnImageError, type PhotoSize } from './emulator-files.js';
import type { BotCommand, MenuButton, SentMessage, TelegramEmulatorStore } from './emulator-store.js';
import { markupProblem, parseModeNamed, visibleText, type TelegramParseMode } from './emulator-text.js';
import { UpdatesConflict } from './emulator-updates.js';

/** A Bot API refusal: `{ ok: false, error_code, description, parameters? }` with that HTTP status. */
export class BotApiFailure extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
  }
}

/** A method's parameters however they came: strings (query, form), JSON values, Buffers (multipart files). */
export type BotApiParams = Record<string, unknown>;

interface Call {
  store: TelegramEmulatorStore;
  botId: number;
  params: BotApiParams;
  /** The file names of a multipart request's uploads, by part. */
  uploadNames: ReadonlyMap<string, string>;
}

const MAX_TEXT_LENGTH = 4096;
const MAX_CAPTION_LENGTH = 1024;
const MAX_POLL_SECONDS = 50;

const badRequest = (description: string) => new BotApiFailure(400, `Bad Request: ${description}`);

/** Telegram's method names are case-insensitive. */
const METHODS: Record<string, (call: Call) => unknown> = {
  getme: ({ botId }) => botUser(botId),
  sendmessage: sendMessage,
  sendphoto: sendPhoto,
  senddocument: (call: Call) => sendFile(call, 'sendDocument', 'document'),
  sendvideo: (call: Call) => sendFile(call, 'sendVideo', 'video'),
  getfile: getFile,
  setwebhook: setWebhook,
  deletewebhook: ({ store, botId, params }) => {
    store.updates.deleteWebhook(botId, booleanParam(params, 'drop_pending_updates'));
    return true;
  },
  getwebhookinfo: ({ store, botId }) => store.updates.webhookInfo(botId),
  getupdates: getUpdates,
  setchatmenubutton: setChatMenuButton,
  getchatmenubutton: ({ store, botId, params }) => {
    const chatId = params.chat_id === undefined ? undefined : chatIdParam(params);
    return (
      (chatId !== undefined ? store.menuButtons.get(`${botId}:${chatId}`) : undefined) ??
      store.menuButtons.get(String(botId)) ?? { type: 'default' }
    );
  },
  setmycommands: ({ store, botId, params }) => {
    store.commandLists.set(commandListKey(botId, params), commandsParam(params));
    return true;
  },
  getmycommands: ({ store, botId, params }) => store.commandLists.get(commandListKey(botId, params)) ?? [],
  answercallbackquery: ({ store, params }) => {
    const id = stringParam(params, 'callback_query_id');
    // Telegram accepts one answer per query, within seconds of the press.
    if (!id || !store.openCallbackQueries.delete(id))
      throw badRequest('query is too old and response timeout expired or query ID is invalid');
    return true;
  },
};

export async function callBotApi(
  store: TelegramEmulatorStore,
  botId: number,
  method: string,
  params: BotApiParams,
  uploadNames: ReadonlyMap<string, string> = new Map(),
): Promise<unknown> {
  const handler = METHODS[method.toLowerCase()];
  if (!handler) throw new BotApiFailure(404, 'Not Found');
  try {
    return await handler({ store, botId, params, uploadNames });
  } catch (error) {
    if (error instanceof UpdatesConflict) throw new BotApiFailure(409, error.message);
    throw error;
  }
}

/** Deterministic identity of the bot behind a token: demo_<id>_bot. */
export function botUser(botId: number) {
  return {
    id: botId,
    is_bot: true as const,
    first_name: `Демо-бот ${botId}`,
    username: `demo_${botId}_bot`,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
  };
}

function sendMessage({ store, botId, params }: Call) {
  const chatId = chatIdParam(params);
  const text = stringParam(params, 'text');
  if (!text) throw badRequest('message text is empty');
  const parseMode = parseModeParam(params);
  checkMarkup(text, parseMode);
  const visible = visibleText(text, parseMode);
  if (visible.length > MAX_TEXT_LENGTH) throw badRequest('message is too long');
  const replyMarkup = replyMarkupParam(params, chatId);
  deliverTo(store, botId, chatId);
  const base = messageBase(store, botId, chatId);
  store.sent.push(
    sentMessage(store, {
      bot_id: botId,
      chat_id: chatId,
      message_id: base.message_id,
      method: 'sendMessage',
      text,
      caption: null,
      photo: null,
      file: null,
      file_name: null,
      parse_mode: parseMode ?? null,
      reply_markup: replyMarkup,
    }),
  );
  // Like Telegram, the answer carries the text with the markup parsed away (the log keeps what was sent).
  return { ...base, text: visible, ...(replyMarkup ? { reply_markup: replyMarkup } : {}) };
}

async function sendPhoto({ store, botId, params }: Call) {
  const chatId = chatIdParam(params);
  const caption = stringParam(params, 'caption');
  const parseMode = parseModeParam(params);
  const visibleCaption = caption ? visibleText(caption, parseMode) : '';
  if (caption) checkMarkup(caption, parseMode);
  if (visibleCaption.length > MAX_CAPTION_LENGTH) throw badRequest('message caption is too long');
  const replyMarkup = replyMarkupParam(params, chatId);
  const photo = photoParam(store, botId, params);
  // Limits and blocks are checked before an upload is processed, as the photo is then discarded anyway.
  deliverTo(store, botId, chatId);
  const { sizes, logged } = await resolvePhoto(store, botId, photo);
  const base = messageBase(store, botId, chatId);
  store.sent.push(
    sentMessage(store, {
      bot_id: botId,
      chat_id: chatId,
      message_id: base.message_id,
      method: 'sendPhoto',
      text: null,
      caption: caption || null,
      photo: logged,
      file: null,
      file_name: null,
      parse_mode: parseMode ?? null,
      reply_markup: replyMarkup,
    }),
  );
  return {
    ...base,
    photo: sizes,
    ...(visibleCaption ? { caption: visibleCaption } : {}),
    ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
  };
}

/**
 * sendDocument, sendVideo: an upload up to 50 MB (a bigger one never reaches a method: the
 * multipart parser answers 413 «Request Entity Too Large», as Telegram does), or a URL Telegram
 * would download. The emulator never downloads a link (it reaches no other host), so a link's 20 MB
 * limit is not played.
 */
function sendFile({ store, botId, params, uploadNames }: Call, method: 'sendDocument' | 'sendVideo', field: 'document' | 'video') {
  const chatId = chatIdParam(params);
  const caption = stringParam(params, 'caption');
  if (caption && caption.length > MAX_CAPTION_LENGTH) throw badRequest('message caption is too long');
  const named = params[field];
  // A multipart upload may name its part (`attach://<part>`), as grammY does.
  const attached = typeof named === 'string' ? /^attach:\/\/(.+)$/.exec(named) : null;
  const value = attached ? params[attached[1]!] : named;
  let file: string;
  let fileName: string | null;
  if (Buffer.isBuffer(value)) {
    if (value.length === 0) throw badRequest('file must be non-empty');
    if (value.length > store.uploadLimits.fileBytes) throw new BotApiFailure(413, 'Request Entity Too Large');
    file = `upload:${value.length}`;
    fileName = uploadNames.get(attached ? attached[1]! : field) || null;
  } else if (typeof value === 'string' && /^https?:\/\//.test(value)) {
    file = value;
    fileName = decodeURIComponent(new URL(value).pathname.split('/').at(-1) ?? '') || null;
  } else {
    throw badRequest(`there is no ${field} in the request`);
  }
  deliverTo(store, botId, chatId);
  const base = messageBase(store, botId, chatId);
  store.sent.push(
    sentMessage(store, {
      bot_id: botId,
      chat_id: chatId,
      message_id: base.message_id,
      method,
      text: null,
      caption: caption || null,
      photo: null,
      file,
      file_name: fileName,
      parse_mode: null,
      reply_markup: null,
    }),
  );
  const size = Buffer.isBuffer(value) ? { file_size: value.length } : {};
  const name = fileName ? { file_name: fileName } : {};
  return {
    ...base,
    [field]: { file_id: `${field}-${base.message_id}`, file_unique_id: `${field}${base.message_id}`, ...name, ...size },
    ...(caption ? { caption } : {}),
  };
}

const checkedPhotoUpload = (store: TelegramEmulatorStore, bytes: Buffer) => {
  if (bytes.length > store.uploadLimits.photoBytes) throw new BotApiFailure(413, 'Request Entity Too Large');
  return bytes;
};

type PhotoInput =
  { kind: 'url'; url: string } | { kind: 'file_id'; sizes: PhotoSize[]; fileId: string } | { kind: 'upload'; bytes: Buffer };

function photoParam(store: TelegramEmulatorStore, botId: number, params: BotApiParams): PhotoInput {
  const value = params.photo;
  if (Buffer.isBuffer(value)) return { kind: 'upload', bytes: checkedPhotoUpload(store, value) };
  if (typeof value !== 'string' || value === '') throw badRequest('there is no photo in the request');
  const attached = /^attach:\/\/(.+)$/.exec(value);
  if (attached) {
    const file = params[attached[1]!];
    if (!Buffer.isBuffer(file)) throw badRequest('there is no photo in the request');
    return { kind: 'upload', bytes: checkedPhotoUpload(store, file) };
  }
  if (/^https?:\/\//i.test(value)) return { kind: 'url', url: value };
  const sizes = store.files.photoOf(botId, value);
  if (!sizes) throw badRequest('wrong file identifier/HTTP URL specified');
  return { kind: 'file_id', sizes, fileId: value };
}

async function resolvePhoto(
  store: TelegramEmulatorStore,
  botId: number,
  photo: PhotoInput,
): Promise<{ sizes: PhotoSize[]; logged: string }> {
  switch (photo.kind) {
    case 'url':
      // Never fetched: the emulator must not reach the internet.
      return { sizes: store.files.storeUrlPhoto(botId), logged: photo.url };
    case 'file_id':
      return { sizes: photo.sizes, logged: photo.fileId };
    case 'upload': {
      try {
        const sizes = await store.files.storePhoto(botId, photo.bytes);
        return { sizes, logged: `upload:${sizes.at(-1)!.file_id}` };
      } catch (error) {
        if (error instanceof NotAnImageError) throw badRequest('IMAGE_PROCESS_FAILED');
        throw error;
      }
    }
  }
}

function getFile({ store, botId, params }: Call) {
  const fileId = stringParam(params, 'file_id');
  if (!fileId) throw badRequest('file_id is empty');
  const file = store.files.downloadable(botId, fileId);
  if (!file) throw badRequest('wrong file_id or the file is temporarily unavailable');
  return { file_id: file.size.file_id, file_unique_id: file.size.file_unique_id, file_size: file.size.file_size, file_path: file.filePath };
}

function setWebhook({ store, botId, params }: Call) {
  const url = stringParam(params, 'url') ?? '';
  // An empty url removes the webhook, as in Telegram.
  if (url === '') {
    store.updates.deleteWebhook(botId, booleanParam(params, 'drop_pending_updates'));
    return true;
  }
  if (!/^https?:\/\/[^\s/]+/i.test(url)) throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
  const secretToken = stringParam(params, 'secret_token');
  if (secretToken !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secretToken))
    throw badRequest('secret token contains unallowed characters');
  store.updates.setWebhook(botId, {
    url,
    secretToken,
    allowedUpdates: stringListParam(params, 'allowed_updates'),
    dropPending: booleanParam(params, 'drop_pending_updates'),
  });
  return true;
}

function getUpdates({ store, botId, params }: Call) {
  const timeout = integerParam(params, 'timeout') ?? 0;
  const limit = integerParam(params, 'limit') ?? 100;
  return store.updates.getUpdates(botId, {
    offset: integerParam(params, 'offset'),
    limit: Math.min(100, Math.max(1, limit)),
    timeoutSeconds: Math.min(MAX_POLL_SECONDS, Math.max(0, timeout)),
    allowedUpdates: stringListParam(params, 'allowed_updates'),
  });
}

/**
 * A send reaches the chat only if both rate limits allow it, the chat has not blocked bots, and,
 * for a person, they have written to this bot: Telegram never lets a bot start a conversation.
 */
function deliverTo(store: TelegramEmulatorStore, botId: number, chatId: number): void {
  // A send Telegram refuses for the chat itself takes nothing from the limits.
  if (store.blockedChats.has(chatId)) throw new BotApiFailure(403, 'Forbidden: bot was blocked by the user');
  if (chatId > 0 && !store.hasStarted(botId, chatId))
    throw new BotApiFailure(403, "Forbidden: bot can't initiate conversation with a user");
  const limited = store.limiter.trySend(botId, chatId, store.now());
  if (limited) throw new BotApiFailure(429, `Too Many Requests: retry after ${limited.retryAfterSeconds}`, limited.retryAfterSeconds);
}

function setChatMenuButton({ store, botId, params }: Call) {
  const chatId = params.chat_id === undefined || params.chat_id === '' ? undefined : chatIdParam(params);
  const button = jsonParam(params, 'menu_button', "can't parse menu button JSON object") ?? { type: 'default' };
  const menuButton = menuButtonOf(button);
  store.menuButtons.set(chatId === undefined ? String(botId) : `${botId}:${chatId}`, menuButton);
  return true;
}

function menuButtonOf(value: unknown): MenuButton {
  if (!isRecord(value)) throw badRequest('object expected as menu button');
  if (value.type === 'default' || value.type === 'commands') return { type: value.type };
  if (value.type !== 'web_app') throw badRequest('unsupported menu button type');
  const text = typeof value.text === 'string' ? value.text : '';
  if (text.trim() === '') throw badRequest('menu button text is empty');
  const url = isRecord(value.web_app) && typeof value.web_app.url === 'string' ? value.web_app.url : '';
  checkWebAppUrl(url, 'menu button');
  return { type: 'web_app', text, web_app: { url } };
}

/**
 * Telegram opens Mini Apps only from HTTPS addresses; its test environment, which the emulator
 * stands for (a demo runs on plain HTTP), also takes HTTP ones. Anything else is refused.
 */
function checkWebAppUrl(url: string, where: string): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'https:' && protocol !== 'http:')
    throw badRequest(`${where} Web App URL '${url}' is invalid: Only HTTPS links are allowed`);
}

/** Bot API limits of setMyCommands (core.telegram.org/bots/api#botcommand). */
const MAX_COMMANDS = 100;
const COMMAND_PATTERN = /^[a-z0-9_]{1,32}$/;
const MAX_COMMAND_DESCRIPTION_LENGTH = 256;
const COMMAND_SCOPES = [
  'default',
  'all_private_chats',
  'all_group_chats',
  'all_chat_administrators',
  'chat',
  'chat_administrators',
  'chat_member',
];

/** Telegram keeps one list per scope and language, and getMyCommands reads exactly that one (no fallback). */
function commandListKey(botId: number, params: BotApiParams): string {
  const scope = jsonParam(params, 'scope', "can't parse BotCommandScope JSON object") ?? { type: 'default' };
  if (!isRecord(scope) || typeof scope.type !== 'string' || !COMMAND_SCOPES.includes(scope.type))
    throw badRequest('unsupported bot command scope type');
  const language = stringParam(params, 'language_code') ?? '';
  if (language !== '' && !/^[a-z]{2}$/.test(language)) throw badRequest('invalid language code specified');
  return [botId, scope.type, scope.chat_id ?? '', scope.user_id ?? '', language].join('|');
}

function commandsParam(params: BotApiParams): BotCommand[] {
  const value = jsonParam(params, 'commands', "can't parse commands JSON object");
  if (value === undefined) throw badRequest('parameter "commands" is required');
  if (!Array.isArray(value)) throw badRequest('field "commands" must be an Array');
  if (value.length > MAX_COMMANDS) throw badRequest('BOT_COMMANDS_TOO_MUCH');
  return value.map((item: unknown) => {
    if (!isRecord(item)) throw badRequest("can't parse BotCommand: Object expected");
    if (typeof item.command !== 'string') throw badRequest('can\'t parse BotCommand: Can\'t find field "command"');
    if (typeof item.description !== 'string') throw badRequest('can\'t parse BotCommand: Can\'t find field "description"');
    if (!COMMAND_PATTERN.test(item.command)) throw badRequest('BOT_COMMAND_INVALID');
    if (item.description.trim() === '') throw badRequest('command description must be non-empty');
    if ([...item.description].length > MAX_COMMAND_DESCRIPTION_LENGTH) throw badRequest('BOT_COMMAND_DESCRIPTION_INVALID');
    return { command: item.command, description: item.description };
  });
}

/** What an inline button may do; one with none of these Telegram refuses. */
const INLINE_BUTTON_KINDS = [
  'url',
  'callback_data',
  'web_app',
  'login_url',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat',
  'copy_text',
  'callback_game',
  'pay',
];

/**
 * Telegram's checks of keyboards the emulator's tests rely on: button texts, link and Mini App
 * addresses, Mini App buttons only in a private chat, and callback data.
 */
function checkKeyboard(markup: Record<string, unknown>, chatId: number): void {
  const inline = Array.isArray(markup.inline_keyboard);
  const rows = inline ? (markup.inline_keyboard as unknown[]) : Array.isArray(markup.keyboard) ? markup.keyboard : [];
  for (const row of rows) {
    if (!Array.isArray(row)) throw badRequest('field "keyboard" must be an Array of Array');
    for (const button of row) {
      if (!isRecord(button)) continue;
      if (typeof button.text !== 'string' || button.text.trim() === '') throw badRequest('BUTTON_TEXT_INVALID');
      if (inline && !INLINE_BUTTON_KINDS.some((kind) => kind in button))
        throw badRequest('text buttons are unallowed in the inline keyboard');
      // Mini Apps open only in a private chat with the bot.
      if ('web_app' in button && chatId < 0) throw badRequest('BUTTON_TYPE_INVALID');
      if (isRecord(button.web_app))
        checkWebAppUrl(
          typeof button.web_app.url === 'string' ? button.web_app.url : '',
          Array.isArray(markup.inline_keyboard) ? 'inline keyboard button' : 'keyboard button',
        );
      // A link button (an FAQ answer's «Подробнее», a mailing's link): Telegram refuses what is no http(s) or tg: address.
      if ('url' in button && !isButtonUrl(button.url)) throw badRequest('BUTTON_URL_INVALID');
      // «Available only in private chats, in reply keyboards» (an inline button has no such field: it is refused above as text).
      if ('request_contact' in button && chatId < 0) throw badRequest('BUTTON_TYPE_INVALID');
      if ('callback_data' in button) {
        const data = button.callback_data;
        if (typeof data !== 'string' || Buffer.byteLength(data) < 1 || Buffer.byteLength(data) > 64)
          throw badRequest('BUTTON_DATA_INVALID');
      }
    }
  }
}

function isButtonUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'tg:' || ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '');
  } catch {
    return false;
  }
}

function sentMessage(store: TelegramEmulatorStore, message: Omit<SentMessage, 'at'>): SentMessage {
  return { ...message, at: new Date(store.dates()).toISOString() };
}

function messageBase(store: TelegramEmulatorStore, botId: number, chatId: number) {
  const bot = botUser(botId);
  const user = store.users.get(chatId);
  return {
    message_id: store.nextMessageId(botId, chatId),
    from: { id: bot.id, is_bot: true, first_name: bot.first_name, username: bot.username },
    chat:
      chatId > 0
        ? {
            id: chatId,
            type: 'private',
            first_name: user?.first_name ?? `User ${chatId}`,
            ...(user?.username ? { username: user.username } : {}),
          }
        : { id: chatId, type: 'group', title: `Group ${-chatId}` },
    date: Math.floor(store.dates() / 1000),
  };
}

function checkMarkup(text: string, mode: TelegramParseMode | undefined): void {
  const problem = markupProblem(text, mode);
  if (problem) throw badRequest(`can't parse entities: ${problem}`);
}

function chatIdParam(params: BotApiParams): number {
  const raw = params.chat_id;
  if (raw === undefined || raw === null || raw === '') throw badRequest('chat_id is empty');
  const text = String(raw).trim();
  const id = Number(text);
  // `@channel` names and anything else that is not a whole number name no chat the emulator knows.
  if (!/^-?\d+$/.test(text) || id === 0 || !Number.isSafeInteger(id)) throw badRequest('chat not found');
  return id;
}

function parseModeParam(params: BotApiParams): TelegramParseMode | undefined {
  const name = stringParam(params, 'parse_mode');
  if (!name) return undefined;
  const mode = parseModeNamed(name);
  if (!mode) throw badRequest('unsupported parse_mode');
  return mode;
}

function replyMarkupParam(params: BotApiParams, chatId: number): unknown {
  const value = jsonParam(params, 'reply_markup', "can't parse reply keyboard markup JSON object");
  if (value === undefined) return null;
  if (!isRecord(value)) throw badRequest('object expected as reply markup');
  checkKeyboard(value, chatId);
  return value;
}

function stringListParam(params: BotApiParams, name: string): string[] | undefined {
  const value = jsonParam(params, name, `can't parse ${name} JSON array`);
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw badRequest(`can't parse ${name} JSON array`);
  return value;
}

/** Form and multipart bodies carry objects as JSON-serialized strings, JSON bodies as objects. */
function jsonParam(params: BotApiParams, name: string, problem: string): unknown {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw badRequest(problem);
  }
}

function stringParam(params: BotApiParams, name: string): string | undefined {
  const value = params[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function integerParam(params: BotApiParams, name: string): number | undefined {
  const text = stringParam(params, name)?.trim();
  if (text === undefined || text === '') return undefined;
  if (!/^-?\d+$/.test(text)) throw badRequest(`field "${name}" must be of type Integer`);
  return Number(text);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

function booleanParam(params: BotApiParams, name: string): boolean {
  const text = stringParam(params, name);
  return text === 'true' || text === '1';
}
