import type { MailingResult, MailingSummary } from '../../../contract/mailing.js';
import type { MailingRow } from '../../db/schema.js';
import { SEND_GAP_MS } from './delivery.js';

/** What leaves the server of a mailing: never its bot token. */
export function presentMailingSummary(row: MailingRow, openRecipients: number): MailingSummary {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    pending: openRecipients,
    eta_seconds: Math.ceil((openRecipients * SEND_GAP_MS) / 1000),
    text: row.text,
    has_image: row.imageUrl !== null,
    parse_mode: row.parseMode,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export function presentMailingResult(row: MailingRow, openRecipients: number, errors: { chatId: number; error: string | null }[]): MailingResult {
  return {
    ...presentMailingSummary(row, openRecipients),
    success: row.failed === 0 && row.status !== 'failed',
    errors: errors.map((entry) => ({ chat_id: String(entry.chatId), error: entry.error ?? '' })),
  };
}
