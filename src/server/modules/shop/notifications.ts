import type { Db } from '../../db/connection.js';
import { nextTry } from '../../db/outbox.js';
import type { PuzzleBotClient } from '../../integrations/puzzlebot/client.js';
import type { TelegramClient } from '../../integrations/telegram/client.js';
import { neverStarted, TelegramError } from '../../integrations/telegram/errors.js';
import { readBalance } from '../points/repository.js';
import * as repo from './repository.js';
import { shopBotTokens } from '../bot/shop-bots.js';

export interface NotificationDeps {
  db: Db;
  puzzleBot: PuzzleBotClient;
  telegram: Pick<TelegramClient, 'sendMessage'>;
  retryBaseMs: number;
  log: { warn(data: object, message: string): void };
}

const BATCH = 20;
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 20;
const MAX_DELAY_MS = 60 * 60 * 1000;

class NotDeliverable extends Error {}

/**
 * Sends what exchanges owe the bot platform and the buyers' chats: due notifications are claimed
 * (several instances share them), sent, and on failure retried with doubling waits. A buyer who
 * blocked the bot or a shop without a bot is final; anything else is retried, never dropped silently.
 */
export async function deliverShopNotifications(deps: NotificationDeps): Promise<number> {
  const claimed = await repo.claimDueNotifications(deps.db, BATCH, LEASE_MS);
  for (const notification of claimed) {
    try {
      await send(deps, notification);
      await repo.finishNotification(deps.db, notification.id, { status: 'sent' });
    } catch (error) {
      const final =
        error instanceof NotDeliverable || (error instanceof TelegramError && !['rate_limited', 'server', 'network'].includes(error.kind));
      const next = final
        ? null
        : nextTry(notification.attempts, { maxAttempts: MAX_ATTEMPTS, baseMs: deps.retryBaseMs, maxMs: MAX_DELAY_MS });
      const message = (error as Error).message;
      deps.log.warn(
        { notificationId: notification.id, kind: notification.kind, attempts: notification.attempts, error: message, giveUp: !next },
        'shop notification failed',
      );
      await repo.finishNotification(
        deps.db,
        notification.id,
        next ? { status: 'pending', error: message, delayMs: next.delayMs } : { status: 'failed', error: message },
      );
    }
  }
  return claimed.length;
}

async function send(deps: NotificationDeps, notification: repo.ShopNotification): Promise<void> {
  const target = await repo.findNotificationTarget(deps.db, notification.payload.projectId);
  if (!target) throw new NotDeliverable('the action is gone');
  if (notification.kind === 'telegram_message') {
    const tokens = shopBotTokens({
      actionBotToken: target.actionBotToken,
      shopBotToken: target.settings?.telegramBotToken,
      mailingBotToken: target.mailingBotToken,
    });
    if (tokens.length === 0) throw new NotDeliverable('no Telegram bot for the shop');
    for (const [index, token] of tokens.entries()) {
      try {
        await deps.telegram.sendMessage(token, { chat_id: notification.payload.chatId, text: notification.payload.text });
        return;
      } catch (error) {
        // The buyer may know only another of the shop's bots: Telegram refuses a bot they never started.
        if (!(error instanceof TelegramError && neverStarted(error)) || index === tokens.length - 1) throw error;
      }
    }
    return;
  }
  // The exchange reaches the seller's PuzzleBot bot: the product into the two variables, the
  // buyer's balance into the points variable, then the exchange command for the buyer.
  const { settings } = target;
  if (!settings?.puzzleBotToken || !settings.commandName) throw new NotDeliverable('PuzzleBot is not configured for the shop');
  const { buyerTgId, title, price } = notification.payload;
  const token = settings.puzzleBotToken;
  if (settings.variableNameTitle)
    await deps.puzzleBot.setVariable({ token, variable: settings.variableNameTitle, value: title, userId: buyerTgId });
  if (settings.variableNamePrice)
    await deps.puzzleBot.setVariable({ token, variable: settings.variableNamePrice, value: price, userId: buyerTgId });
  if (target.pointsVariable) {
    const points = await readBalance(deps.db, notification.payload.projectId, buyerTgId);
    await deps.puzzleBot.setVariable({ token, variable: target.pointsVariable, value: points, userId: buyerTgId });
  }
  await deps.puzzleBot.runCommand({ token, command: settings.commandName, userId: buyerTgId });
}
