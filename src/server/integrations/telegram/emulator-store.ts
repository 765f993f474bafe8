import { SendLimiter } from './rate-limit.js';
import { EmulatorFiles } from './emulator-files.js';
import { EmulatorUpdates, type EmulatedMessage } from './emulator-updates.js';

/** A message the emulator accepted from a bot; `GET /__emulators/telegram/messages` lists them. */
export interface SentMessage {
  bot_id: number;
  chat_id: number;
  message_id: number;
  method: 'sendMessage' | 'sendPhoto' | 'sendDocument' | 'sendVideo';
  text: string | null;
  caption: string | null;
  /** The URL or file_id sent, or `upload:<file_id>` for an uploaded photo. */
  photo: string | null;
  /** A document's or video's URL, or `upload:<bytes>` for an uploaded file. */
  file: string | null;
  /** A document's or video's name: the upload's file name, or a link's last path segment. */
  file_name: string | null;
  parse_mode: string | null;
  reply_markup: unknown;
  /** ISO time. */
  at: string;
}

/**
 * A message a shopper wrote to a bot (a text, a photo, a reply-keyboard button's text): Telegram keeps
 * both sides of a chat, so the demo chat shows the shopper's side from here, whichever way it is opened.
 */
export interface ShopperMessage {
  bot_id: number;
  chat_id: number;
  message_id: number;
  text: string | null;
  caption: string | null;
  /** The file_id of the photo's smallest size (its preview), for `GET /shopper-photo`. */
  photo: string | null;
  /** A shared contact card (a request_contact button's answer is the shopper's own). */
  contact: { phone_number: string; first_name: string } | null;
  /** ISO time. */
  at: string;
}

/** A demo's shoppers write by hand: the newest this many shoppers' messages of all chats are kept (in memory, until a restart). */
export const SHOPPER_MESSAGES_KEPT = 10_000;

/** Telegram's BotCommand: a command the chat's «Menu» lists, with its description. */
export interface BotCommand {
  command: string;
  description: string;
}

/** Telegram's MenuButton: the chat's button left of the input field. */
export type MenuButton = { type: 'default' } | { type: 'commands' } | { type: 'web_app'; text: string; web_app: { url: string } };

/** Telegram's own retry schedule is not published; a few quick retries are enough to exercise a webhook. */
const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [1_000, 3_000, 10_000];

/** What a bot may upload (multipart/form-data): Telegram's 10 MB for a photo and 50 MB for any other file. */
export interface UploadLimits {
  photoBytes: number;
  fileBytes: number;
}
export const TELEGRAM_UPLOAD_LIMITS: UploadLimits = { photoBytes: 10 * 1024 * 1024, fileBytes: 50 * 1024 * 1024 };

/** Every piece of the emulator's state, in memory. */
export class TelegramEmulatorStore {
  /** Real time in milliseconds: send limits, outages and webhook retries. */
  readonly now: () => number;
  /**
   * The time Telegram stamps into what the server reads and compares (message dates, init data's
   * `auth_date`, sent messages' `at`): in demo mode the server's own clock, so both agree after it
   * moves. Defaults to `now`.
   */
  readonly dates: () => number;
  /** Telegram's; a test of the refusals may lower them, so it needs no upload of 50 MB. */
  readonly uploadLimits: UploadLimits;
  readonly sent: SentMessage[] = [];
  /** What shoppers wrote, oldest first, at most `SHOPPER_MESSAGES_KEPT`. */
  readonly received: ShopperMessage[] = [];
  /** Chats that blocked every bot. */
  readonly blockedChats = new Set<number>();
  readonly limiter = new SendLimiter();
  readonly files = new EmulatorFiles();
  readonly updates: EmulatorUpdates;
  /** Shoppers who wrote to a bot: their chats show their names. */
  readonly users = new Map<number, { first_name: string; username?: string }>();
  /** `bot:chat` of every shopper who wrote to a bot: Telegram lets a bot write only to them. */
  readonly startedChats = new Set<string>();
  /** The token each bot last called with: Telegram signs its Mini Apps' init data with it. */
  readonly botTokens = new Map<number, string>();
  /** Menu buttons set by setChatMenuButton: `bot` (the default) and `bot:chat`. */
  readonly menuButtons = new Map<string, MenuButton>();
  /** Command lists set by setMyCommands, by bot, scope and language (see `commandListKey`). */
  readonly commandLists = new Map<string, BotCommand[]>();
  /** Callback queries a press created and the bot has not answered yet, by id. */
  readonly openCallbackQueries = new Set<string>();
  private readonly lastMessageIds = new Map<string, number>();
  private outageUntilMs = 0;

  constructor(
    options: { now?: () => number; dates?: () => number; webhookRetryDelaysMs?: readonly number[]; uploadLimits?: UploadLimits } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.dates = options.dates ?? this.now;
    this.uploadLimits = options.uploadLimits ?? TELEGRAM_UPLOAD_LIMITS;
    this.updates = new EmulatorUpdates({ retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS, now: this.now });
  }

  /** Message ids count up within each chat of a bot, shared by the bot's and the shopper's messages. */
  nextMessageId(botId: number, chatId: number): number {
    const key = `${botId}:${chatId}`;
    const id = (this.lastMessageIds.get(key) ?? 0) + 1;
    this.lastMessageIds.set(key, id);
    return id;
  }

  keepShopperMessage(botId: number, message: EmulatedMessage): void {
    this.received.push({
      bot_id: botId,
      chat_id: message.chat.id,
      message_id: message.message_id,
      text: message.text ?? null,
      caption: message.caption ?? null,
      photo: message.photo?.[0]?.file_id ?? null,
      contact: message.contact ? { phone_number: message.contact.phone_number, first_name: message.contact.first_name } : null,
      at: new Date(this.dates()).toISOString(),
    });
    if (this.received.length > SHOPPER_MESSAGES_KEPT) this.received.splice(0, this.received.length - SHOPPER_MESSAGES_KEPT);
  }

  hasStarted(botId: number, chatId: number): boolean {
    return this.startedChats.has(`${botId}:${chatId}`);
  }

  startOutage(seconds: number): void {
    this.outageUntilMs = seconds > 0 ? this.now() + seconds * 1000 : 0;
  }

  inOutage(): boolean {
    return this.now() < this.outageUntilMs;
  }

  close(): void {
    this.updates.close();
  }
}
