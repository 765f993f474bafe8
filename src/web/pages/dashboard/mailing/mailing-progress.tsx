import type { MailingSummary } from '../../../../contract/mailing.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { ProgressBar } from '../../../components/progress-bar.js';
import { formatNumber } from '../../../lib/format.js';
import { processedCount, progressText } from './mailing-view.js';

const s = messages.mailingScreen;

/**
 * 'Отправлено X из N, ошибок Y, осталось ~T' over a bar of the recipients dealt with; while a
 * segment's recipients are still being written, how many are so far (nothing is sent yet).
 */
export function MailingProgress({ mailing }: { mailing: MailingSummary }) {
  if (mailing.preparing)
    return (
      <p className="progress__text" role="status">
        {fillMessage(s.preparing, { count: formatNumber(mailing.total) })}
      </p>
    );
  return <ProgressBar label={s.progressLabel} value={processedCount(mailing)} max={mailing.total} text={progressText(mailing)} />;
}
