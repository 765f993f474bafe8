import type { MailingResult, MailingSummary } from '../../../contract/mailing.js';
import type { MailingScheduleSummary } from '../../../contract/mailing-schedule.js';
import { SEND_GAP_MS } from './delivery.js';
import type { MailingWithProgress } from './repository.js';
import type { ScheduleWithProject } from './schedule-repository.js';

/** What leaves the server of a mailing: never its bot token. */
export function presentMailingSummary({ mailing: row, projectName, openRecipients }: MailingWithProgress): MailingSummary {
  return {
    id: row.id,
    status: row.status,
    project_id: row.projectId,
    project_name: row.projectId === null ? null : projectName,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    opted_out: row.optedOut,
    clicks: row.clicks,
    pending: openRecipients,
    eta_seconds: Math.ceil((openRecipients * SEND_GAP_MS) / 1000),
    text: row.text,
    has_image: row.imageUrl !== null,
    parse_mode: row.parseMode,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    schedule_id: row.scheduleId,
    has_button: row.button !== null,
    preparing: row.status === 'sending' && row.segmentConditions !== null,
  };
}

export function presentMailingResult(found: MailingWithProgress, errors: { chatId: number; error: string | null }[]): MailingResult {
  const row = found.mailing;
  return {
    ...presentMailingSummary(found),
    success: row.failed === 0 && row.status !== 'failed',
    errors: errors.map((entry) => ({ chat_id: String(entry.chatId), error: entry.error ?? '' })),
  };
}

export function presentSchedule({ schedule: row, projectName }: ScheduleWithProject): MailingScheduleSummary {
  return {
    id: row.id,
    status: row.status,
    repeat: row.repeat,
    project_id: row.projectId,
    project_name: row.projectId === null ? null : projectName,
    total: row.chatIds.length,
    segment_id: row.segmentId,
    text: row.text,
    has_image: row.imageUrl !== null,
    button: row.button,
    first_run_at: row.firstRunAt.toISOString(),
    next_run_at: row.nextRunAt?.toISOString() ?? null,
    runs: row.runs,
    created_at: row.createdAt.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  };
}
