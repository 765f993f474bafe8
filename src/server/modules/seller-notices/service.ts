import { createHash, randomBytes } from 'node:crypto';
import type { Update } from 'grammy/types';
import { fillMessage, messages } from '../../../contract/messages.js';
import {
  SELLER_NOTICE_EVENTS,
  type NoticeSettings,
  type NoticeSwitches,
  type SellerNoticeEvent,
  type UpdateNoticeSettingsRequest,
} from '../../../contract/seller-notices.js';
import type { Db, Executor } from '../../db/connection.js';
import type { TelegramClient } from '../../integrations/telegram/client.js';
import { botIdOf, isWellFormedBotToken } from '../../integrations/telegram/token.js';
import { AppError } from '../../errors.js';
import * as repo from './repository.js';

const m = messages.sellerNotices;

/** How long the link «Подключить Telegram» shows works: long enough to open Telegram on a phone. */
export const LINK_CODE_TTL_MS = 15 * 60 * 1000;
/** 128 random bits, base64url: within Telegram's `start` parameter (1–64 of A–Z, a–z, 0–9, _ and -). */
const LINK_CODE_BYTES = 16;

/**
 * The demo's notification bot, when the operator set none: the Telegram emulator takes any
 * well-formed token, and the profile's link opens its demo chat. Never stored: it is no secret.
 */
const DEMO_NOTIFY_BOT: repo.NotifyBot = { token: '7000000001:DemoNotifyBotTokenScanAppEmulator01', username: null };

/** The operator's bot, or in demo mode without one the demo's. */
export async function notifyBotOf(db: Executor, demo: boolean): Promise<repo.NotifyBot | null> {
  return (await repo.readStoredNotifyBot(db)) ?? (demo ? DEMO_NOTIFY_BOT : null);
}

const switchesOf = (off: readonly SellerNoticeEvent[]): NoticeSwitches =>
  Object.fromEntries(SELLER_NOTICE_EVENTS.map((event) => [event, !off.includes(event)])) as NoticeSwitches;

export async function readSettings(db: Executor, demo: boolean, sellerId: number): Promise<NoticeSettings> {
  const [stored, bot] = await Promise.all([repo.readNoticeSettings(db, sellerId), notifyBotOf(db, demo)]);
  return {
    user_id: sellerId,
    email: switchesOf(stored.emailOff),
    telegram: switchesOf(stored.telegramOff),
    telegram_link: { linked: stored.telegramChatId !== null, username: stored.telegramUsername },
    telegram_available: bot !== null,
  };
}

/** The switches a request names change; the rest keep their state. */
export async function updateSettings(
  db: Db,
  demo: boolean,
  sellerId: number,
  changes: UpdateNoticeSettingsRequest,
): Promise<NoticeSettings> {
  return db.transaction(async (tx) => {
    const stored = await repo.readNoticeSettings(tx, sellerId);
    const offAfter = (off: readonly SellerNoticeEvent[], named: Partial<NoticeSwitches> | undefined) =>
      SELLER_NOTICE_EVENTS.filter((event) => !(named?.[event] ?? !off.includes(event)));
    await repo.writeSwitches(tx, sellerId, {
      emailOff: offAfter(stored.emailOff, changes.email),
      telegramOff: offAfter(stored.telegramOff, changes.telegram),
    });
    return readSettings(tx, demo, sellerId);
  });
}

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * A one-time link to the notification bot: `https://t.me/<bot>?start=<code>`, in demo mode the demo
 * chat with the emulated bot. Only the code's hash is stored; a new link voids the previous one.
 */
export async function createTelegramLink(
  deps: { db: Db; realNow: () => Date; publicUrl: string; demo: boolean },
  sellerId: number,
): Promise<{ url: string }> {
  const bot = await notifyBotOf(deps.db, deps.demo);
  if (!bot) throw new AppError('conflict', m.telegramNotConfigured);
  const code = randomBytes(LINK_CODE_BYTES).toString('base64url');
  await deps.db.transaction(async (tx) =>
    repo.storeLinkCode(tx, sellerId, hashOf(code), new Date(deps.realNow().getTime() + LINK_CODE_TTL_MS)),
  );
  const url =
    deps.demo || !bot.username
      ? `${deps.publicUrl}/__emulators/telegram/chat?bot_id=${botIdOf(bot.token)}&start=${code}`
      : `https://t.me/${bot.username}?start=${code}`;
  return { url };
}

export interface BotUpdateDeps {
  db: Db;
  demo: boolean;
  telegram: Pick<TelegramClient, 'getUpdates' | 'sendMessage'>;
  realNow: () => Date;
  log: { warn(data: object, message: string): void };
}

/** Longer than a poll takes (an answer per update, each within the client's timeout). */
const POLL_LEASE_MS = 60_000;

/**
 * Reads the notification bot's new updates and answers them: `/start <code>` links the chat to the
 * code's seller, `/stop` unlinks it, anything else gets a hint. One instance at a time holds the
 * stream (a lease); the link and the offset past its update are one transaction, and the answer
 * follows, so a crash never links twice nor loses an update.
 */
export async function pollNotifyBot(deps: BotUpdateDeps): Promise<number> {
  const bot = await notifyBotOf(deps.db, deps.demo);
  if (!bot) return 0;
  const stream = await repo.leaseNotifyBotStream(deps.db, POLL_LEASE_MS);
  if (!stream) return 0;
  try {
    const updates = await deps.telegram.getUpdates(bot.token, { offset: stream.updateOffset, timeout: 0, allowed_updates: ['message'] });
    for (const update of updates) {
      const answer = await deps.db.transaction(async (tx) => {
        await repo.storeUpdateOffset(tx, update.update_id + 1);
        return answerOf({ db: tx, realNow: deps.realNow }, update);
      });
      if (answer) await sendAnswer(deps, bot.token, answer);
    }
    return updates.length;
  } finally {
    await repo.releaseNotifyBotStream(deps.db);
  }
}

/** What the bot does with one update (in the transaction that moves the offset past it) and what it answers. */
async function answerOf(deps: { db: Executor; realNow: () => Date }, update: Update): Promise<{ chatId: number; text: string } | null> {
  const message = update.message;
  // Only private chats: a group must not receive one seller's business.
  if (!message?.text || message.chat.type !== 'private') return null;
  const [command, argument] = message.text.trim().split(/\s+/, 2);
  const chatId = message.chat.id;
  if (command === '/start' && argument) {
    const seller = await repo.consumeLinkCode(deps.db, hashOf(argument), deps.realNow());
    if (!seller) return { chatId, text: m.botCodeInvalid };
    const username = message.from?.username ? `@${message.from.username}` : null;
    await repo.linkTelegramChat(deps.db, seller.sellerId, { chatId, username, at: deps.realNow() });
    return { chatId, text: fillMessage(m.botLinked, { email: seller.email }) };
  }
  if (command === '/stop') {
    await repo.unlinkTelegramChat(deps.db, chatId);
    return { chatId, text: m.botStopped };
  }
  return { chatId, text: m.botHello };
}

async function sendAnswer(deps: BotUpdateDeps, token: string, answer: { chatId: number; text: string }): Promise<void> {
  try {
    await deps.telegram.sendMessage(token, { chat_id: answer.chatId, text: answer.text });
  } catch (error) {
    // The link stands whether or not the answer arrives; the profile shows it.
    deps.log.warn({ err: error, chatId: answer.chatId }, 'the notification bot could not answer');
  }
}

/**
 * The operator's `notify_bot_token`: checked with Telegram (getMe gives the username the links
 * need), stored sealed. Answers the bot's @username (the token itself is never shown again).
 */
export async function setNotifyBotToken(deps: { db: Db; telegram: Pick<TelegramClient, 'getMe'> }, raw: string): Promise<string> {
  const token = raw.trim();
  if (!isWellFormedBotToken(token)) throw new AppError('bad_request', m.botTokenInvalid);
  let username: string;
  try {
    username = (await deps.telegram.getMe(token)).username;
  } catch {
    throw new AppError('bad_request', m.botTokenRefused);
  }
  await repo.writeNotifyBot(deps.db, { token, username });
  return `@${username}`;
}

export async function removeNotifyBot(db: Db): Promise<void> {
  await repo.writeNotifyBot(db, null);
}

export async function notifyBotSetting(db: Db): Promise<string | null> {
  const bot = await repo.readStoredNotifyBot(db);
  return bot ? `@${bot.username ?? botIdOf(bot.token)}` : null;
}
