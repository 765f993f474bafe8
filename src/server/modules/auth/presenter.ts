import type { User } from '../../../contract/auth.js';
import { kopecksToRubles } from '../../../contract/format.js';
import type { UserRow } from '../../db/schema.js';

/** Lists exactly the fields that leave the server: never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    balance: kopecksToRubles(row.balanceKopecks),
    project_name: row.projectName,
    project_inns: row.projectInns,
    points_percentage: row.pointsPercentage,
    puzzle_bot_token: row.puzzleBotToken,
    puzzle_bot_points_variable: row.puzzleBotPointsVariable,
    command_success: row.commandSuccess,
    command_not_recognized: row.commandNotRecognized,
    command_already_scanned: row.commandAlreadyScanned,
    command_too_old: row.commandTooOld,
    command_no_items: row.commandNoItems,
    receipt_validity_days: row.receiptValidityDays,
    check_duplicates: row.checkDuplicates,
    scanned_receipts: row.scannedReceipts,
    is_activated: row.isActivated,
    mailing_bot_token: row.mailingBotToken,
  };
}
