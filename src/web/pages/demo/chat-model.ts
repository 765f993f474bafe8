/**
 * The demo chat's pure parts: which keyboard the bot shows, and the conversation in time order
 * (the emulator keeps only the bot's answers; the shopper's own messages live in the page).
 */

/** A bot's answer as `GET /__emulators/telegram/messages` lists it (only the fields the chat uses). */
export interface BotMessage {
  text: string | null;
  caption: string | null;
  photo: string | null;
  reply_markup: unknown;
  at: string;
}

export interface ShopperMessage {
  text: string;
  /** Object URL of an uploaded photo, shown as a thumbnail. */
  photoUrl?: string;
  at: string;
}

export type ChatEntry = { from: 'bot'; message: BotMessage } | { from: 'shopper'; message: ShopperMessage };

/** A reply-keyboard button: text buttons send their text, web_app buttons open their page. */
export type KeyboardButton = { kind: 'text'; text: string } | { kind: 'web_app'; text: string; url: string };

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
    if (Array.isArray(markup.keyboard)) return markup.keyboard.map((row) => (Array.isArray(row) ? row.flatMap(buttonOf) : [])).filter((row) => row.length > 0);
  }
  return [];
}

function buttonOf(button: unknown): KeyboardButton[] {
  if (typeof button === 'string') return [{ kind: 'text', text: button }];
  if (!isRecord(button) || typeof button.text !== 'string') return [];
  const webApp = button.web_app;
  if (isRecord(webApp) && typeof webApp.url === 'string') return [{ kind: 'web_app', text: button.text, url: webApp.url }];
  return [{ kind: 'text', text: button.text }];
}

/** Both sides of the conversation by time; on a tie the shopper's message comes first (the bot answers it). */
export function conversation(botMessages: readonly BotMessage[], shopperMessages: readonly ShopperMessage[]): ChatEntry[] {
  const entries: ChatEntry[] = [
    ...shopperMessages.map((message) => ({ from: 'shopper' as const, message })),
    ...botMessages.map((message) => ({ from: 'bot' as const, message })),
  ];
  // Array.prototype.sort is stable: equal times keep shoppers before bots.
  return entries.sort((a, b) => Date.parse(a.message.at) - Date.parse(b.message.at));
}

/** The shopper remembered in localStorage, or a fresh one; anything unreadable is replaced. */
export function readShopper(stored: string | null, randomId: () => number): Shopper {
  try {
    const value: unknown = stored ? JSON.parse(stored) : null;
    if (isRecord(value) && isShopperId(value.id) && typeof value.firstName === 'string' && value.firstName.trim() && typeof value.username === 'string') {
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
