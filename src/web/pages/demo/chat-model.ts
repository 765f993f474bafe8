/**
 * The demo chat's pure parts: which buttons the bot shows. The conversation itself, both sides in
 * the chat's order, is the emulator's (`GET /__emulators/telegram/conversation`), as Telegram keeps it.
 */

/** A bot's answer as the emulator lists it (only the fields the chat uses). */
export interface BotMessage {
  message_id: number;
  method: 'sendMessage' | 'sendPhoto' | 'sendDocument' | 'sendVideo';
  text: string | null;
  caption: string | null;
  photo: string | null;
  /** A document's or video's name, when Telegram knows one. */
  file_name: string | null;
  reply_markup: unknown;
  at: string;
}

/** What the shopper wrote, as the emulator keeps it. */
export interface ShopperMessage {
  message_id: number;
  text: string | null;
  caption: string | null;
  /** The file_id of the photo's preview. */
  photo: string | null;
  /** A shared contact card (the phone function's «Поделиться номером»). */
  contact: { phone_number: string; first_name: string } | null;
  at: string;
}

export type ChatEntry = ({ from: 'bot' } & BotMessage) | ({ from: 'shopper' } & ShopperMessage);

/**
 * A button the bot shows: the chat only names it, and the emulator carries out the press as
 * Telegram would (a message, a callback query, or a Mini App opened with or without init data).
 */
export interface KeyboardButton {
  text: string;
  /** Opens a page (a Mini App or a link) rather than sending something to the bot. */
  opensPage: boolean;
}

export interface Shopper {
  id: number;
  firstName: string;
  username: string;
}

/** The keyboard of the latest answer that set one (Telegram keeps a reply keyboard until replaced or removed). */
export function currentKeyboard(messages: readonly BotMessage[]): KeyboardButton[][] {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const markup = messages[index]!.reply_markup;
    if (!isRecord(markup)) continue;
    if (markup.remove_keyboard === true) return [];
    if (Array.isArray(markup.keyboard)) return rowsOf(markup.keyboard);
  }
  return [];
}

/** The inline buttons under one of the bot's messages. */
export function inlineKeyboard(message: BotMessage): KeyboardButton[][] {
  const markup = message.reply_markup;
  return isRecord(markup) && Array.isArray(markup.inline_keyboard) ? rowsOf(markup.inline_keyboard) : [];
}

function rowsOf(rows: unknown[]): KeyboardButton[][] {
  return rows.map((row) => (Array.isArray(row) ? row.flatMap(buttonOf) : [])).filter((row) => row.length > 0);
}

function buttonOf(button: unknown): KeyboardButton[] {
  if (typeof button === 'string') return [{ text: button, opensPage: false }];
  if (!isRecord(button) || typeof button.text !== 'string') return [];
  return [{ text: button.text, opensPage: isRecord(button.web_app) || typeof button.url === 'string' }];
}

/** The Mini App a press opened (`{url}` in the emulator's answer), or null when it made an update. */
export function openedPage(answer: unknown): string | null {
  return isRecord(answer) && typeof answer.url === 'string' ? answer.url : null;
}

/** Telegram's web client hears a framed Mini App's `close()` as this message. */
export function isMiniAppClose(data: unknown): boolean {
  try {
    const event: unknown = typeof data === 'string' ? JSON.parse(data) : data;
    return isRecord(event) && event.eventType === 'web_app_close';
  } catch {
    return false;
  }
}

/** A file the bot sent, as the chat shows it: a document's line or a video's placeholder, with its name. */
export function sentFile(message: BotMessage): { kind: 'document' | 'video'; name: string | null } | null {
  if (message.method === 'sendDocument') return { kind: 'document', name: message.file_name };
  if (message.method === 'sendVideo') return { kind: 'video', name: message.file_name };
  return null;
}

/** A contact's phone as Telegram shows it: with its «+» (Telegram hands it over with or without one). */
export function contactPhone(contact: { phone_number: string }): string {
  return contact.phone_number.startsWith('+') ? contact.phone_number : `+${contact.phone_number}`;
}

/** The bot's side of the conversation (its keyboards). */
export function botMessages(entries: readonly ChatEntry[]): BotMessage[] {
  return entries.filter((entry): entry is ChatEntry & { from: 'bot' } => entry.from === 'bot');
}

/** The shopper remembered in localStorage, or a fresh one; anything unreadable is replaced. */
export function readShopper(stored: string | null, randomId: () => number): Shopper {
  try {
    const value: unknown = stored ? JSON.parse(stored) : null;
    if (
      isRecord(value) &&
      isShopperId(value.id) &&
      typeof value.firstName === 'string' &&
      value.firstName.trim() &&
      typeof value.username === 'string'
    ) {
      return { id: value.id, firstName: value.firstName, username: value.username };
    }
  } catch {
    // Not JSON: start over below.
  }
  return { id: randomId(), firstName: 'Покупатель', username: '' };
}

/** Telegram user ids are positive integers (the emulator refuses others). */
export function isShopperId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** A random id in the range real Telegram user ids use, so it does not collide with the cabinet's demo buyer 100500. */
export function randomShopperId(): number {
  return 1_000_000_000 + Math.floor(Math.random() * 900_000_000);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
