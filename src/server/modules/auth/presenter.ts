import type { User } from '../../../contract/auth.js';
import { kopecksToRubles, maskSecret } from '../../../contract/format.js';
import type { UserRow } from '../../db/schema.js';
import { presentActionSettings } from '../actions/presenter.js';

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
