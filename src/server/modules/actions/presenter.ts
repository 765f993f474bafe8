import type { Action } from '../../../contract/actions.js';
import { kopecksToRubles, maskSecret } from '../../../contract/format.js';
import { presentLevels } from '../../../contract/points.js';
import { presentActionSettings } from '../auth/presenter.js';
import type { ActionRow } from './repository.js';

/** `sellerCanPay`: the seller's balance covers the next receipt (an active action is otherwise suspended). */
export function presentAction(row: ActionRow, sellerCanPay: boolean): Action {
  return {
    id: row.id,
    name: row.name,
    ...presentActionSettings(row),
    created_at: row.createdAt.toISOString(),
    receipts_count: row.receiptsCount,
    is_active: row.isActive,
    is_suspended: row.isActive && !sellerCanPay,
    status_message: row.statusMessage,
    subscription_end_date: row.subscriptionEndDate?.toISOString() ?? null,
    product_keywords: row.productKeywords,
    min_total: kopecksToRubles(row.minTotalKopecks),
    points_lifetime_days: row.pointsLifetimeDays,
    expiry_reminder_days: row.expiryReminderDays,
    levels: presentLevels(row.levels, row.pointsPercentage),
    repeat_points_percentage: row.repeatPointsPercentage,
    points_hold_days: row.pointsHoldDays,
    max_receipts_per_week: row.maxReceiptsPerWeek,
    max_points_per_receipt: row.maxPointsPerReceipt,
    suspicious_receipts_per_hour: row.suspiciousReceiptsPerHour,
    command_limit_reached: row.commandLimitReached,
    auto_renew: row.autoRenew,
    api_key_last4: row.apiKeyLast4,
    telegram_bot_token: row.telegramBotToken === null ? null : maskSecret(row.telegramBotToken),
    telegram_bot_username: row.telegramBotUsername,
    telegram_bot_id: row.telegramBotId,

    is_deleted: row.deletedAt !== null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}
