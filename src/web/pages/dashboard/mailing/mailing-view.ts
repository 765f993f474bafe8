import type { MailingStatus, MailingSummary } from '../../../../contract/mailing.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import type { StatusTone } from '../../../components/status-badge.js';
import { formatNumber } from '../../../lib/format.js';

const s = messages.mailingScreen;

export const MAILING_STATUS_LABELS: Record<MailingStatus, string> = {
  sending: s.statusSending,
  done: s.statusDone,
  cancelled: s.statusCancelled,
  failed: s.statusFailed,
};

export const MAILING_STATUS_TONES: Record<MailingStatus, StatusTone> = {
  sending: 'info',
  done: 'success',
  cancelled: 'warning',
  failed: 'danger',
};

/** Time left, rounded up to what a seller can plan by: '45 с', '2 мин 5 с', '1 ч 3 мин'. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  if (seconds < 60) return fillMessage(s.seconds, { s: seconds });
  if (seconds < 3600) {
    const minutes = Math.floor(seconds / 60);
    const rest = seconds % 60;
    return rest === 0 ? fillMessage(s.minutes, { m: minutes }) : fillMessage(s.minutesSeconds, { m: minutes, s: rest });
  }
  // An hour or more: seconds no longer matter; the minutes round up, so the estimate never undershoots.
  const minutes = Math.ceil(seconds / 60);
  return fillMessage(s.hoursMinutes, { h: Math.floor(minutes / 60), m: minutes % 60 });
}

/** Recipients dealt with so far (delivered or failed): the progress bar's value. */
export function processedCount(mailing: Pick<MailingSummary, 'sent' | 'failed'>): number {
  return mailing.sent + mailing.failed;
}

/** 'Отправлено X из N, ошибок Y, осталось ~T'; the time left only while there is some. */
export function progressText(mailing: Pick<MailingSummary, 'sent' | 'failed' | 'total' | 'eta_seconds' | 'status'>): string {
  const figures = { sent: formatNumber(mailing.sent), total: formatNumber(mailing.total), failed: formatNumber(mailing.failed) };
  if (mailing.status !== 'sending' || mailing.eta_seconds <= 0) return fillMessage(s.progress, figures);
  return fillMessage(s.progressEta, { ...figures, eta: formatDuration(mailing.eta_seconds) });
}

/** The history shows the start of a message on one line; whitespace runs collapse. */
export function textPreview(text: string, maxLength = 80): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= maxLength ? oneLine : `${oneLine.slice(0, maxLength - 1).trimEnd()}…`;
}
