import type { Db } from '../../db/connection.js';
import { CLAIM_LEASE_MS, outboxRetry } from '../../db/outbox.js';
import { deliverClaimed, NotDeliverable } from '../../db/outbox-pass.js';
import type { PuzzleBotClient } from '../../integrations/puzzlebot/client.js';
import { readBalance } from '../points/repository.js';
import * as repo from './repository.js';

export interface NotificationDeps {
  db: Db;
  puzzleBot: PuzzleBotClient;
  retryBaseMs: number;
  log: { warn(data: object, message: string): void };
}

const BATCH = 20;

/**
 * Sends what exchanges owe the seller's PuzzleBot bot (the buyer's own messages are bot notices,
 * bot/notices): due notifications are claimed (several instances share them), sent, and on failure
 * retried with doubling waits. A shop without PuzzleBot settings is final; anything else is
 * retried, never dropped silently.
 */
export async function deliverShopNotifications(deps: NotificationDeps): Promise<number> {
  return deliverClaimed(await repo.claimDueNotifications(deps.db, BATCH, CLAIM_LEASE_MS), {
    send: (notification) => send(deps, notification),
    finish: (notification, outcome) => repo.finishNotification(deps.db, notification.id, outcome),
    retry: outboxRetry(deps.retryBaseMs),
    warn: (notification, error, giveUp) =>
      deps.log.warn(
        { notificationId: notification.id, kind: notification.kind, attempts: notification.attempts, error, giveUp },
        'shop notification failed',
      ),
    renew: (open) =>
      repo.renewNotificationClaims(
        deps.db,
        open.map((notification) => notification.id),
      ),
    renewFailed: (error) => deps.log.warn({ err: error }, 'could not renew the claims of shop notifications being sent'),
  });
}

async function send(deps: NotificationDeps, notification: repo.ShopNotification): Promise<void> {
  const target = await repo.findNotificationTarget(deps.db, notification.payload.projectId);
  if (!target) throw new NotDeliverable('the action is gone');
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
