import type { Update } from 'grammy/types';
import type { Db } from '../../db/connection.js';
import { nextTry, type RetryPolicy } from '../../db/outbox.js';
import type { TelegramClient } from '../../integrations/telegram/client.js';
import { isRetryable } from '../../integrations/telegram/errors.js';
import type { ConversationDeps } from './answering.js';
import { chatPacer } from '../../integrations/telegram/chat-pacing.js';
import { answerShopper } from './conversation.js';
import { heartbeat } from '../../db/heartbeat.js';
import * as repo from './repository.js';

export interface UpdateDeps extends ConversationDeps {
  db: Db;
  telegram: ConversationDeps['telegram'] & Pick<TelegramClient, 'sendMessage' | 'answerCallbackQuery'>;
}

const BATCH = 10;
/** Claimed updates are free again this long after their drain stopped renewing them (it died). */
const LEASE_MS = 15_000;
const HEARTBEAT_MS = 5_000;
/** Waits of 4, 8, 16, 32, 64 s between the six tries. */
const RETRY: RetryPolicy = { maxAttempts: 6, baseMs: 4000, maxMs: 64_000 };

/**
 * The update of each chat being answered on this instance: the next update of the same chat waits
 * for it, so parallel drains (app.ts, drain-here.ts) never answer one shopper's messages at the
 * same time, and answer them in the order they got to them.
 */
const chatsInProgress = new Map<string, Promise<void>>();

function inChatOrder(key: string, work: () => Promise<void>): Promise<void> {
  const run = (chatsInProgress.get(key) ?? Promise.resolve()).then(work);
  const settled = run.catch(() => undefined);
  chatsInProgress.set(key, settled);
  void settled.then(() => {
    if (chatsInProgress.get(key) === settled) chatsInProgress.delete(key);
  });
  return run;
}

function chatKey(update: repo.PendingUpdate): string {
  const chatId = (update.payload as Update).message?.chat.id;
  return chatId === undefined ? `${update.botId}/update:${update.updateId}` : `${update.botId}/${chatId}`;
}

/**
 * Answers stored updates in arrival order. The answer is kept before it is sent, so a failed send
 * or a crash is retried with that answer (with a growing wait) and the receipt is not checked
 * again; only a crash between the check's commit and that write leaves it to be checked again.
 */
export async function processPendingUpdates(deps: UpdateDeps): Promise<number> {
  const claimed = await repo.claimUpdates(deps.db, BATCH, LEASE_MS);
  if (claimed.length === 0) return 0;
  const open = new Set(claimed);
  const beating = heartbeat({
    beat: () => repo.renewUpdateLeases(deps.db, [...open], LEASE_MS),
    everyMs: HEARTBEAT_MS,
    onError: (error) => deps.log.warn({ err: error }, 'could not renew the claims of bot updates'),
  });
  try {
    for (const update of claimed) {
      await inChatOrder(chatKey(update), () => answerUpdate(deps, update));
      open.delete(update);
    }
  } finally {
    await beating.stop();
  }
  return claimed.length;
}

async function answerUpdate(deps: UpdateDeps, update: repo.PendingUpdate): Promise<void> {
  try {
    const found = await repo.findAnsweringAction(deps.db, update.projectId);
    const action = found?.action;
    if (!found || !action?.telegramBotToken || action.deletedAt || action.telegramBotId !== update.botId) {
      await repo.finishUpdate(deps.db, update, { done: true });
      return;
    }
    const callbackQueryId = (update.payload as Update).callback_query?.id;
    if (callbackQueryId && update.attempts === 1) {
      // Stops the button's spinner; a retry need not, and Telegram takes one answer per press.
      await deps.telegram
        .answerCallbackQuery(action.telegramBotToken, callbackQueryId)
        .catch((error: unknown) => deps.log.warn({ botId: update.botId, err: error }, 'could not answer a button press'));
    }
    const bot = { action, token: action.telegramBotToken, shopToken: found.shopToken };
    // A retry sends the answer the first attempt kept; a new answer is kept before it is sent.
    let reply = update.reply;
    if (!reply) {
      reply = await answerShopper(deps, bot, update.payload as Update);
      if (reply) await repo.saveReply(deps.db, update, reply);
    }
    if (reply) {
      const { chatId, text, replyMarkup } = reply;
      await chatPacer.paced(bot.token, chatId, () =>
        deps.telegram.sendMessage(bot.token, { chat_id: chatId, text, reply_markup: replyMarkup as never }),
      );
    }
    await repo.finishUpdate(deps.db, update, { done: true });
    releaseHeldNotices(deps);
  } catch (error) {
    const retryable = isRetryable(error) || !(error instanceof Error && error.name === 'TelegramError');
    const next = retryable ? nextTry(update.attempts, RETRY) : null;
    deps.log.warn(
      { botId: update.botId, updateId: update.updateId, attempts: update.attempts, err: error, retry: Boolean(next) },
      'bot update failed',
    );
    await repo.finishUpdate(deps.db, update, {
      done: false,
      error: (error as Error).message ?? String(error),
      retryAt: next ? new Date(Date.now() + next.delayMs) : null,
    });
    if (!next) releaseHeldNotices(deps);
  }
}

/** The shopper's notices wait while an update of theirs is open (notices/repository.ts): once it is closed, they go. */
function releaseHeldNotices(deps: UpdateDeps): void {
  deps.onNoticesQueued?.();
}
