import { randomBytes } from 'node:crypto';
import type { PhotoSize } from './emulator-files.js';
import type { TelegramEmulatorStore } from './emulator-store.js';
import type { EmulatedContact, EmulatedUpdate, TelegramUser } from './emulator-updates.js';
import { signInitData } from './web-app-init-data.js';

/** A press the emulator cannot carry out: no such button, or nothing to open. */
export class PressRefused extends Error {}

/** What pressing a button does: a callback query or a message for the bot, or a page to open. */
export type PressOutcome = { kind: 'update'; update: EmulatedUpdate } | { kind: 'open'; url: string };

const WEB_APP_VERSION = '8.0';

/**
 * A shopper presses the newest button with this text the bot showed them: an inline button under
 * one of its messages, else a button of the reply keyboard in force. Callback buttons become a
 * `callback_query` update, reply-keyboard text buttons a message, a request_contact button a
 * message with the shopper's own contact; URL buttons open their address;
 * Mini App buttons open theirs as Telegram does, with init data signed by the bot for an inline
 * button and with none for a reply-keyboard button.
 */
export function pressButton(
  store: TelegramEmulatorStore,
  botId: number,
  user: TelegramUser,
  text: string,
  /** The shopper's phone in their Telegram account: what a request_contact button shares. */
  phoneNumber?: string,
): PressOutcome {
  const shown = store.sent.filter((message) => message.bot_id === botId && message.chat_id === user.id).reverse();
  for (const message of shown) {
    const button = inlineButtons(message.reply_markup).find((candidate) => candidate.text === text);
    if (!button) continue;
    if (typeof button.callback_data === 'string') {
      const id = randomBytes(8).readBigUInt64BE().toString();
      store.openCallbackQueries.add(id);
      const update = {
        update_id: store.updates.nextUpdateId(),
        callback_query: {
          id,
          from: user,
          message: { message_id: message.message_id, chat: chatOf(user), date: Math.floor(Date.parse(message.at) / 1000) },
          chat_instance: `${botId}${user.id}`,
          data: button.callback_data,
        },
      };
      return { kind: 'update', update };
    }
    if (typeof button.url === 'string') return { kind: 'open', url: button.url };
    if (isRecord(button.web_app) && typeof button.web_app.url === 'string')
      return { kind: 'open', url: signedLaunch(store, botId, user, button.web_app.url) };
    throw new PressRefused(`the button «${text}» does nothing the emulator knows`);
  }
  const keyboardButton = replyKeyboard(shown).find((candidate) => candidate.text === text);
  if (!keyboardButton) throw new PressRefused(`the bot showed no button «${text}» in this chat`);
  if (keyboardButton.request_contact === true) {
    // Telegram sends the presser's own contact: their phone and their user id.
    if (!phoneNumber) throw new PressRefused('the shopper has no phone number: give from.phone_number to share a contact');
    const contact = { phone_number: phoneNumber, first_name: user.first_name, user_id: user.id };
    return { kind: 'update', update: messageUpdate(store, botId, user, { contact }) };
  }
  if (isRecord(keyboardButton.web_app) && typeof keyboardButton.web_app.url === 'string') {
    // Telegram: WebAppInitData "is empty if the Mini App was launched from a keyboard button".
    return { kind: 'open', url: launchUrl(keyboardButton.web_app.url, null) };
  }
  return { kind: 'update', update: messageUpdate(store, botId, user, { text }) };
}

/** The chat's menu button (set for this chat, else the bot's default) opened by the shopper. */
export function openMenuButton(store: TelegramEmulatorStore, botId: number, user: TelegramUser): string {
  const button = store.menuButtons.get(`${botId}:${user.id}`) ?? store.menuButtons.get(String(botId));
  if (button?.type !== 'web_app') throw new PressRefused('the bot set no Mini App menu button for this chat');
  return signedLaunch(store, botId, user, button.web_app.url);
}

/** A shopper's message to the bot: a text, a photo with an optional caption, or a contact. */
export function messageUpdate(
  store: TelegramEmulatorStore,
  botId: number,
  user: TelegramUser,
  content: { text: string } | { photo: PhotoSize[]; caption?: string } | { contact: EmulatedContact },
): EmulatedUpdate {
  return {
    update_id: store.updates.nextUpdateId(),
    message: {
      message_id: store.nextMessageId(botId, user.id),
      from: user,
      chat: chatOf(user),
      date: Math.floor(store.dates() / 1000),
      ...content,
    },
  };
}

function chatOf(user: TelegramUser) {
  return { id: user.id, type: 'private' as const, first_name: user.first_name, ...(user.username ? { username: user.username } : {}) };
}

function signedLaunch(store: TelegramEmulatorStore, botId: number, user: TelegramUser, url: string): string {
  const token = store.botTokens.get(botId);
  if (!token) throw new PressRefused('the bot has not called the Bot API: Telegram knows no token to sign with');
  const signedUser = {
    id: user.id,
    first_name: user.first_name,
    ...(user.username ? { username: user.username } : {}),
    language_code: 'ru',
    allows_write_to_pm: true,
  };
  const queryId = `AAH${randomBytes(12).toString('base64url')}`;
  return launchUrl(url, signInitData(signedUser, token, new Date(store.dates()), { query_id: queryId }));
}

/** Telegram passes launch parameters in the address's fragment, where its Mini App script reads them. */
function launchUrl(url: string, initData: string | null): string {
  const fragment = new URLSearchParams();
  if (initData !== null) fragment.set('tgWebAppData', initData);
  fragment.set('tgWebAppVersion', WEB_APP_VERSION);
  fragment.set('tgWebAppPlatform', 'weba');
  return `${url.replace(/#.*$/, '')}#${fragment.toString()}`;
}

type Button = Record<string, unknown> & { text: string };

function inlineButtons(markup: unknown): Button[] {
  return isRecord(markup) && Array.isArray(markup.inline_keyboard) ? buttonsOf(markup.inline_keyboard) : [];
}

/** The reply keyboard in force: the newest message that set or removed one decides. */
function replyKeyboard(newestFirst: readonly { reply_markup: unknown }[]): Button[] {
  for (const { reply_markup: markup } of newestFirst) {
    if (!isRecord(markup)) continue;
    if (markup.remove_keyboard === true) return [];
    if (Array.isArray(markup.keyboard)) return buttonsOf(markup.keyboard);
  }
  return [];
}

function buttonsOf(rows: unknown[]): Button[] {
  return rows
    .flatMap((row) => (Array.isArray(row) ? row : []))
    .flatMap((button): Button[] => {
      if (typeof button === 'string') return [{ text: button }];
      return isRecord(button) && typeof button.text === 'string' ? [button as Button] : [];
    });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
