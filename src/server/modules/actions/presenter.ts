import type { Action } from '../../../contract/actions.js';
import { kopecksToRubles, maskSecret } from '../../../contract/format.js';
import type { ProjectRow } from '../../db/schema.js';
import type { ActionRow } from './repository.js';

type SettingsColumns = Pick<
  ProjectRow,
  | 'projectInns'
  | 'pointsPercentage'
  | 'puzzleBotToken'
  | 'puzzleBotPointsVariable'
  | 'commandSuccess'
  | 'commandNotRecognized'
  | 'commandAlreadyScanned'
  | 'commandTooOld'
  | 'commandNoItems'
  | 'receiptValidityDays'
  | 'checkDuplicates'
>;

/** The settings fields an action and a seller's defaults share (`actionSettingsFields`). */
export function presentActionSettings(row: SettingsColumns) {
  return {
    project_inns: row.projectInns,
    points_percentage: row.pointsPercentage,
    // SPEC §9: shown masked; the form sends the mask back to keep the saved token.
    puzzle_bot_token: row.puzzleBotToken === null ? null : maskSecret(row.puzzleBotToken),
    puzzle_bot_points_variable: row.puzzleBotPointsVariable,
    command_success: row.commandSuccess,
    command_not_recognized: row.commandNotRecognized,
    command_already_scanned: row.commandAlreadyScanned,
    command_too_old: row.commandTooOld,
    command_no_items: row.commandNoItems,
    receipt_validity_days: row.receiptValidityDays,
    check_duplicates: row.checkDuplicates,
  };
}

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
    api_key: row.apiKey,
    telegram_bot_token: row.telegramBotToken === null ? null : maskSecret(row.telegramBotToken),
    telegram_bot_username: row.telegramBotUsername,
    telegram_bot_id: row.telegramBotId,

    is_deleted: row.deletedAt !== null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}
