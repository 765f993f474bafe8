import type { Db } from '../../db/connection.js';
import type { PuzzleBotClient } from '../../integrations/puzzlebot/client.js';
import type { TelegramClient } from '../../integrations/telegram/client.js';
import { TelegramError } from '../../integrations/telegram/errors.js';
import * as repo from './repository.js';

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
      const final = error instanceof NotDeliverable || (error instanceof TelegramError && !['rate_limited', 'server', 'network'].includes(error.kind));
      const giveUp = final || notification.attempts >= MAX_ATTEMPTS;
      const message = (error as Error).message;
      deps.log.warn({ notificationId: notification.id, kind: notification.kind, attempts: notification.attempts, error: message, giveUp }, 'shop notification failed');
      const delay = Math.min(MAX_DELAY_MS, deps.retryBaseMs * 2 ** Math.max(0, notification.attempts - 1));
      await repo.finishNotification(deps.db, notification.id, { status: giveUp ? 'failed' : 'pending', error: message, retryAt: new Date(Date.now() + delay) });
    }
  }
  return claimed.length;
}

async function send(deps: NotificationDeps, notification: repo.ShopNotification): Promise<void> {
  const target = await repo.findNotificationTarget(deps.db, notification.payload.projectId);
  if (!target) throw new NotDeliverable('the action is gone');
  if (notification.kind === 'telegram_message') {
    // The action's own bot first, as the Mini App checks identities (miniAppBotTokens): when the
    // action has one, that is the chat the shopper earns points and opens the shop in.
    const token = target.actionBotToken ?? target.settings?.telegramBotToken ?? target.mailingBotToken;
    if (!token) throw new NotDeliverable('no Telegram bot for the shop');
    await deps.telegram.sendMessage(token, { chat_id: notification.payload.chatId, text: notification.payload.text });
    return;
  }
  // The exchange reaches the seller's PuzzleBot bot: the product into the two variables, the
  // buyer's balance into the points variable, then the exchange command for the buyer.
  const { settings } = target;
  if (!settings?.puzzleBotToken || !settings.commandName) throw new NotDeliverable('PuzzleBot is not configured for the shop');
  const { buyerTgId, title, price } = notification.payload;
  const token = settings.puzzleBotToken;
  if (settings.variableNameTitle) await deps.puzzleBot.setVariable({ token, variable: settings.variableNameTitle, value: title, userId: buyerTgId });
  if (settings.variableNamePrice) await deps.puzzleBot.setVariable({ token, variable: settings.variableNamePrice, value: price, userId: buyerTgId });
  if (target.pointsVariable) {
    const points = await repo.readPoints(deps.db, notification.payload.projectId, buyerTgId);
    await deps.puzzleBot.setVariable({ token, variable: target.pointsVariable, value: points, userId: buyerTgId });
  }
  await deps.puzzleBot.runCommand({ token, command: settings.commandName, userId: buyerTgId });
}
