import type { Action, ActionSettings, updateActionRequestSchema } from '../../../contract/actions.js';
import { ACTION_SUBSCRIPTION_DAYS } from '../../../contract/billing.js';
import { formatDate, formatDays, formatRubles, kopecksToRubles, rublesToKopecks } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { firstLevelPercentIssue, storedLevels } from '../../../contract/points.js';
import type { z } from '../../../contract/zod-setup.js';
import type { Db, Executor } from '../../db/connection.js';
import type { ProjectRow } from '../../db/schema.js';
import { apiKeyColumns, newApiKey } from '../../sealing/api-key.js';
import { AppError, PG_UNIQUE_VIOLATION, postgresErrorCode } from '../../errors.js';
import { changedValues } from '../audit/change.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { isSavedToken } from '../bot/bot-token.js';
import type { BotConnector } from '../bot/connection.js';
import { applyBalanceChange } from '../billing/ledger.js';
import { lockUser } from '../billing/repository.js';
import { canPayNextReceipt, runIdempotent, settingPriceKopecks } from '../billing/service.js';
import { presentAction } from './presenter.js';
import * as repo from './repository.js';
import { nextSubscriptionEnd, subscriptionReference } from './subscription.js';

export interface ActionDeps {
  db: Db;
  now: () => Date;
  /** ScanApp's shoppers' bot of an action (modules/bot); absent in tests of other modules. */
  bots?: BotConnector;
}

function endedMessage(endDate: Date): string {
  return fillMessage(messages.actions.subscriptionEnded, { date: formatDate(endDate) });
}

/**
 * Renews the due actions that renew automatically, then ends the subscriptions that are over; run
 * before reads so a seller never sees a stale "active", and by the periodic job. A read that comes
 * first renews as the job would: an action set to renew never ends while the balance covers it.
 */
export async function expireSubscriptions(db: Db, now: Date, userId?: number): Promise<number> {
  await renewDueSubscriptions(db, now, userId);
  return repo.expireSubscriptions(db, now, endedMessage, userId);
}

/**
 * On its end date an action set to renew automatically renews from the balance, as a manual
 * renewal does (the same charge, the same reference, so the two never both charge a period). One
 * the balance does not cover is left to the sweep, which ends it with the usual message.
 */
async function renewDueSubscriptions(db: Db, now: Date, userId?: number): Promise<void> {
  for (const due of await repo.findDueAutoRenewals(db, now, userId)) {
    try {
      await runIdempotent(
        db,
        async (tx) => {
          const row = await repo.findLiveProject(tx, due.userId, due.id, { lock: true });
          // Renewed by hand, ended, or switched off meanwhile.
          if (!row?.isActive || !row.autoRenew || !row.subscriptionEndDate || row.subscriptionEndDate > now) return;
          await chargeNextPeriod(tx, row, now);
        },
        async () => undefined,
      );
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'payment_required')) throw error;
    }
  }
}

/**
 * One more subscription period of an action, charged to the seller's balance once (the ledger's
 * reference names the end date it extends); throws 402 when the balance does not cover it.
 */
async function chargeNextPeriod(tx: Executor, row: ProjectRow, now: Date): Promise<{ end: Date; price: number }> {
  const price = await settingPriceKopecks(tx, 'project_subscription_price');
  const end = nextSubscriptionEnd(row.subscriptionEndDate, now);
  if (price > 0) {
    await applyBalanceChange(tx, {
      userId: row.userId,
      kind: 'action_subscription',
      amountKopecks: -price,
      reference: subscriptionReference(row.id, row.subscriptionEndDate),
      description: fillMessage(messages.billing.ledgerSubscription, { name: row.name, days: formatDays(ACTION_SUBSCRIPTION_DAYS) }),
      now,
    });
  }
  await repo.updateProject(tx, row.userId, row.id, { isActive: true, statusMessage: null, subscriptionEndDate: end, updatedAt: now });
  return { end, price };
}

function notFound(): AppError {
  return new AppError('not_found', messages.actions.notFound);
}

function settingsToColumns(settings: Partial<ActionSettings>) {
  return {
    name: settings.name,
    projectInns: settings.project_inns,
    pointsPercentage: settings.points_percentage,
    receiptValidityDays: settings.receipt_validity_days,
    checkDuplicates: settings.check_duplicates,
    puzzleBotToken: settings.puzzle_bot_token,
    puzzleBotPointsVariable: settings.puzzle_bot_points_variable,
    commandSuccess: settings.command_success,
    commandNotRecognized: settings.command_not_recognized,
    commandAlreadyScanned: settings.command_already_scanned,
    commandTooOld: settings.command_too_old,
    commandNoItems: settings.command_no_items,
    productKeywords: settings.product_keywords,
    minTotalKopecks: settings.min_total === undefined ? undefined : rublesToKopecks(settings.min_total),
    pointsLifetimeDays: settings.points_lifetime_days,
    expiryReminderDays: settings.expiry_reminder_days,
    levels: settings.levels === undefined ? undefined : storedLevels(settings.levels),
    repeatPointsPercentage: settings.repeat_points_percentage,
    pointsHoldDays: settings.points_hold_days,
    maxReceiptsPerWeek: settings.max_receipts_per_week,
    maxPointsPerReceipt: settings.max_points_per_receipt,
    suspiciousReceiptsPerHour: settings.suspicious_receipts_per_hour,
    commandLimitReached: settings.command_limit_reached,
    autoRenew: settings.auto_renew,
  };
}

/** The first level's percent and the action's percent are one number (contract/points.ts). */
function assertLevelsMatch(levels: ActionSettings['levels'] | undefined, pointsPercentage: number): void {
  const issue = firstLevelPercentIssue(levels, pointsPercentage);
  if (issue) throw new AppError('bad_request', issue);
}

export async function listActions(deps: ActionDeps, sellerId: number, options: { includeDeleted?: boolean } = {}): Promise<Action[]> {
  await expireSubscriptions(deps.db, deps.now(), sellerId);
  const [rows, sellerCanPay] = await Promise.all([
    options.includeDeleted ? repo.listActionsWithDeleted(deps.db, sellerId) : repo.listLiveActions(deps.db, sellerId),
    canPayNextReceipt(deps.db, sellerId),
  ]);
  return rows.map((row) => presentAction(row, sellerCanPay));
}

export async function getAction(deps: ActionDeps, sellerId: number, id: number): Promise<Action> {
  await expireSubscriptions(deps.db, deps.now(), sellerId);
  const [row, sellerCanPay] = await Promise.all([repo.findLiveAction(deps.db, sellerId, id), canPayNextReceipt(deps.db, sellerId)]);
  if (!row) throw notFound();
  return presentAction(row, sellerCanPay);
}

/**
 * Creates an action and charges its first 30 days in one transaction: without the money
 * there is no action. The seller's row is locked first, so parallel creations of one
 * seller queue up and each sees the balance the previous one left.
 */
export async function createAction(
  deps: ActionDeps,
  sellerId: number,
  settings: ActionSettings,
  actor: AuditActor,
): Promise<{ projectId: number; message: string; apiKey: string }> {
  assertLevelsMatch(settings.levels, settings.points_percentage);
  // Telegram is asked about the bot before anything is written or charged.
  const bot = await deps.bots?.resolveToken(settings.telegram_bot_token, null);
  // Shown once, in the creation's answer: the database keeps only its hash.
  const apiKey = newApiKey();
  const created = await withBotTaken(() =>
    deps.db.transaction(async (tx) => {
      const seller = await lockUser(tx, sellerId);
      if (!seller) throw new AppError('not_found', messages.common.userNotFound);
      if (!seller.isActivated) throw new AppError('forbidden', messages.actions.notActivated);
      const now = deps.now();
      const price = await settingPriceKopecks(tx, 'project_subscription_price');
      const row = await repo.insertProject(tx, sellerId, {
        ...settingsToColumns(settings),
        name: settings.name,
        projectInns: settings.project_inns,
        pointsPercentage: settings.points_percentage,
        receiptValidityDays: settings.receipt_validity_days,
        checkDuplicates: settings.check_duplicates,
        productKeywords: settings.product_keywords,
        minTotalKopecks: rublesToKopecks(settings.min_total),
        ...apiKeyColumns(apiKey),
        ...bot,
        isActive: true,
        subscriptionEndDate: nextSubscriptionEnd(null, now),
        createdAt: now,
        updatedAt: now,
      });
      if (price > 0) {
        await applyBalanceChange(tx, {
          userId: sellerId,
          kind: 'action_subscription',
          amountKopecks: -price,
          reference: subscriptionReference(row.id, null),
          description: fillMessage(messages.billing.ledgerSubscription, { name: row.name, days: formatDays(ACTION_SUBSCRIPTION_DAYS) }),
          now,
        });
      }
      await recordAudit(tx, {
        sellerId,
        actor,
        action: 'action.create',
        subject: row.name,
        before: null,
        after: { name: row.name, projectInns: row.projectInns, pointsPercentage: row.pointsPercentage, subscriptionPriceKopecks: price },
      });
      return {
        projectId: row.id,
        apiKey,
        message: fillMessage(messages.actions.created, {
          amount: formatRubles(kopecksToRubles(price)),
          days: formatDays(ACTION_SUBSCRIPTION_DAYS),
        }),
      };
    }),
  );
  if (bot?.telegramBotToken) await deps.bots?.sync(created.projectId, null);
  return created;
}

/** One bot serves one live action (a unique index): a token already in use is the seller's to fix. */
async function withBotTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      postgresErrorCode(error) === PG_UNIQUE_VIOLATION &&
      String(
        (error as { cause?: { constraint?: string } }).cause?.constraint ?? (error as { constraint?: string }).constraint ?? '',
      ).includes('one_action_per_bot')
    ) {
      throw new AppError('conflict', messages.bot.tokenTaken);
    }
    throw error;
  }
}

export async function updateAction(
  deps: ActionDeps,
  sellerId: number,
  id: number,
  changes: z.output<typeof updateActionRequestSchema>,
  actor: AuditActor,
): Promise<{ message: string }> {
  const { user_id: _ignored, telegram_bot_token: botToken, ...settings } = changes;
  const current = await repo.findLiveProject(deps.db, sellerId, id);
  if (!current) throw notFound();
  assertLevelsMatch(settings.levels, settings.points_percentage ?? current.pointsPercentage);
  const bot = await deps.bots?.resolveToken(botToken, current.telegramBotToken);
  const columns = Object.fromEntries(Object.entries(settingsToColumns(settings)).filter(([, value]) => value !== undefined));
  // The form shows the PuzzleBot token masked and sends the mask back: that keeps the saved token.
  if (settings.puzzle_bot_token && isSavedToken(settings.puzzle_bot_token, current.puzzleBotToken)) delete columns.puzzleBotToken;
  const updated = await withBotTaken(() =>
    deps.db.transaction(async (tx) => {
      const saved = await repo.updateProject(tx, sellerId, id, { ...columns, ...bot, updatedAt: deps.now() });
      if (saved)
        await recordAudit(tx, {
          sellerId,
          actor,
          action: 'action.update',
          subject: current.name,
          ...settingsChange(current, { ...columns, ...bot }),
        });
      return saved;
    }),
  );
  if (!updated) throw notFound();
  if (bot) await deps.bots?.sync(id, current.telegramBotToken);
  return { message: messages.actions.updated };
}

/** Columns whose values the log must not hold: a changed token reads as changed, never as itself. */
const SECRET_COLUMNS = new Set(['telegramBotToken', 'puzzleBotToken', 'apiKeyHash']);

/** The settings a save changed, before and after (the audit log's entry); unchanged values are left out. */
function settingsChange(current: ProjectRow, columns: Record<string, unknown>) {
  return changedValues(current as unknown as Record<string, unknown>, columns, SECRET_COLUMNS);
}

export async function deleteAction(deps: ActionDeps, sellerId: number, id: number, actor: AuditActor): Promise<{ message: string }> {
  const current = await repo.findLiveProject(deps.db, sellerId, id);
  if (!current) throw notFound();
  const deleted = await deps.db.transaction(async (tx) => {
    if (!(await repo.softDeleteProject(tx, sellerId, id, deps.now()))) return false;
    await recordAudit(tx, { sellerId, actor, action: 'action.delete', subject: current.name, before: { name: current.name }, after: null });
    return true;
  });
  if (!deleted) throw notFound();
  if (current.telegramBotToken) await deps.bots?.sync(id, current.telegramBotToken);
  return { message: messages.actions.deleted };
}

/** One more 30-day period from the balance; a retried request for the same period charges once. */
export async function renewAction(
  deps: ActionDeps,
  sellerId: number,
  id: number,
  actor: AuditActor,
): Promise<{ message: string; subscription_end_date: string }> {
  const replay = async (db: Executor) => {
    const row = await repo.findLiveProject(db, sellerId, id);
    if (!row?.subscriptionEndDate) throw notFound();
    return {
      message: fillMessage(messages.actions.renewed, { date: formatDate(row.subscriptionEndDate), amount: formatRubles(0) }),
      subscription_end_date: row.subscriptionEndDate.toISOString(),
    };
  };
  return runIdempotent(
    deps.db,
    async (tx) => {
      const now = deps.now();
      const row = await repo.findLiveProject(tx, sellerId, id, { lock: true });
      if (!row) throw notFound();
      const { end, price } = await chargeNextPeriod(tx, row, now);
      await recordAudit(tx, {
        sellerId,
        actor,
        action: 'action.renew',
        subject: row.name,
        before: { subscriptionEndDate: row.subscriptionEndDate?.toISOString() ?? null },
        after: { subscriptionEndDate: end.toISOString(), priceKopecks: price },
      });
      return {
        message: fillMessage(messages.actions.renewed, { date: formatDate(end), amount: formatRubles(kopecksToRubles(price)) }),
        subscription_end_date: end.toISOString(),
      };
    },
    () => replay(deps.db),
  );
}

/** The action's key of `POST /check` replaced: the log names the change, never the key. */
export async function regenerateApiKey(
  deps: ActionDeps,
  sellerId: number,
  id: number,
  actor: AuditActor,
): Promise<{ message: string; api_key: string }> {
  const apiKey = newApiKey();
  const current = await repo.findLiveProject(deps.db, sellerId, id);
  if (!current) throw notFound();
  const replaced = await deps.db.transaction(async (tx) => {
    const updated = await repo.updateProject(tx, sellerId, id, { ...apiKeyColumns(apiKey), updatedAt: deps.now() });
    if (updated) await recordAudit(tx, { sellerId, actor, action: 'action.api_key', subject: current.name, before: null, after: null });
    return updated;
  });
  if (!replaced) throw notFound();
  return { message: messages.actions.apiKeyRegenerated, api_key: apiKey };
}
