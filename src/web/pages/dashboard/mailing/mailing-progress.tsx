import type { MailingSummary } from '../../../../contract/mailing.js';
import { messages } from '../../../../contract/messages.js';
import { ProgressBar } from '../../../components/progress-bar.js';
import { processedCount, progressText } from './mailing-view.js';

/** 'Отправлено X из N, ошибок Y, осталось ~T' over a bar of the recipients dealt with. */
export function MailingProgress({ mailing }: { mailing: MailingSummary }) {
  return (
    <ProgressBar
      label={messages.mailingScreen.progressLabel}
      value={processedCount(mailing)}
      max={mailing.total}
      text={progressText(mailing)}
    />
  );
}
