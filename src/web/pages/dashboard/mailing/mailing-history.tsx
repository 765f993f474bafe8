import { useId } from 'react';
import type { MailingSummary } from '../../../../contract/mailing.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { useMailingHistoryQuery } from '../../../api/mailing.js';
import { Panel } from '../../../components/panel.js';
import { QueryView } from '../../../components/query-view.js';
import { StatusBadge } from '../../../components/status-badge.js';
import { formatDateTime, formatNumber } from '../../../lib/format.js';
import { CancelMailingButton } from './cancel-mailing-button.js';
import { ScheduledMailings } from './scheduled-mailings.js';
import { MailingProgress } from './mailing-progress.js';
import { MAILING_STATUS_LABELS, MAILING_STATUS_TONES, textPreview } from './mailing-view.js';

const s = messages.mailingScreen;
const t = messages.mailingScheduleScreen;

/**
 * The scheduled and regular mailings (when they go next, how often), then the last mailings,
 * newest first, with their figures; a running one shows its progress, a run says it was scheduled.
 */
export function MailingHistory() {
  const headingId = useId();
  const history = useMailingHistoryQuery();
  return (
    <>
      {history.data && history.data.schedules.length > 0 && <ScheduledMailings schedules={history.data.schedules} />}
      <Panel headingId={headingId} title={s.historyTitle}>
        <QueryView
          query={history}
          loading={s.historyLoading}
          failed={s.historyLoadFailed}
          empty={{ text: s.historyEmpty, when: (data) => data.mailings.length === 0 }}
        >
          {({ mailings }) => (
            <ul className="mailing-history" aria-labelledby={headingId}>
              {mailings.map((mailing) => (
                <MailingHistoryItem key={mailing.id} mailing={mailing} />
              ))}
            </ul>
          )}
        </QueryView>
      </Panel>
    </>
  );
}

function MailingHistoryItem({ mailing }: { mailing: MailingSummary }) {
  return (
    <li className="mailing-history__item">
      <div className="mailing-history__header">
        <time className="mailing-history__date" dateTime={mailing.created_at}>
          {formatDateTime(mailing.created_at)}
        </time>
        <StatusBadge tone={MAILING_STATUS_TONES[mailing.status]}>
          {mailing.preparing ? s.statusPreparing : MAILING_STATUS_LABELS[mailing.status]}
        </StatusBadge>
      </div>
      <p className="mailing-history__sender">
        {mailing.project_id === null ? s.senderMailingBot : fillMessage(s.senderActionBot, { name: mailing.project_name ?? '' })}
      </p>
      <p className="mailing-history__text">
        {textPreview(mailing.text)}
        {mailing.has_image && <span className="mailing-history__image"> · {s.historyImage}</span>}
        {mailing.has_button && <span className="mailing-history__image"> · {t.withButton}</span>}
        {mailing.schedule_id !== null && <span className="mailing-history__image"> · {t.scheduledRun}</span>}
      </p>
      {mailing.status === 'sending' ? (
        <>
          <MailingProgress mailing={mailing} />
          <CancelMailingButton mailingId={mailing.id} />
        </>
      ) : (
        <p className="mailing-history__figures">
          {fillMessage(s.historyFigures, {
            sent: formatNumber(mailing.sent),
            total: formatNumber(mailing.total),
            failed: formatNumber(mailing.failed),
          })}
        </p>
      )}
      <p className="mailing-history__figures">
        {fillMessage(s.historyOptedOut, { count: formatNumber(mailing.opted_out) })}
        {mailing.has_button && <span> · {fillMessage(s.historyClicks, { count: formatNumber(mailing.clicks) })}</span>}
      </p>
    </li>
  );
}
