import type { User } from '../../../contract/auth.js';
import { kopecksToRubles, maskSecret } from '../../../contract/format.js';
import type { ProjectRow, UserRow } from '../../db/schema.js';

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

/**
 * The settings fields an action and a seller's defaults share (`actionSettingsFields`). Here,
 * with the seller, because actions (a module above auth) present them too.
 */
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

/** Lists exactly the fields that leave the server: never the password hash, the bot token only masked (SPEC §9). */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    balance: kopecksToRubles(row.balanceKopecks),
    project_name: row.projectName,
    ...presentActionSettings(row),
    scanned_receipts: row.scannedReceipts,
    is_activated: row.isActivated,
    mailing_bot_token: row.mailingBotToken === null ? null : maskSecret(row.mailingBotToken),
  };
}
