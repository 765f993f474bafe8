import { useId, useState } from 'react';
import { repeatLabel, type MailingScheduleSummary } from '../../../../contract/mailing-schedule.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useCancelScheduleMutation } from '../../../api/mailing.js';
import { Banner } from '../../../components/banner.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { Panel } from '../../../components/panel.js';
import { StatusBadge } from '../../../components/status-badge.js';
import { formatDateTime, formatNumber } from '../../../lib/format.js';
import { textPreview } from './mailing-view.js';

const s = messages.mailingScreen;
const t = messages.mailingScheduleScreen;

const STATUS = {
  scheduled: { label: t.statusScheduled, tone: 'info' },
  done: { label: t.statusDone, tone: 'success' },
  cancelled: { label: t.statusCancelled, tone: 'neutral' },
} as const;

/** «Запланированные рассылки»: each with how often, when it goes next, its runs so far, and a cancel. */
export function ScheduledMailings({ schedules }: { schedules: readonly MailingScheduleSummary[] }) {
  const headingId = useId();
  return (
    <Panel headingId={headingId} title={t.schedulesTitle}>
      <ul className="mailing-history" aria-labelledby={headingId}>
        {schedules.map((schedule) => (
          <ScheduleItem key={schedule.id} schedule={schedule} />
        ))}
      </ul>
    </Panel>
  );
}

function ScheduleItem({ schedule }: { schedule: MailingScheduleSummary }) {
  const status = STATUS[schedule.status];
  return (
    <li className="mailing-history__item">
      <div className="mailing-history__header">
        <span className="mailing-history__date">{repeatLabel(schedule.repeat) || t.oneOff}</span>
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
      </div>
      <p className="mailing-history__sender">
        {schedule.project_id === null ? s.senderMailingBot : fillMessage(s.senderActionBot, { name: schedule.project_name ?? '' })}
      </p>
      <p className="mailing-history__text">
        {textPreview(schedule.text)}
        {schedule.has_image && <span className="mailing-history__image"> · {s.historyImage}</span>}
        {schedule.button && <span className="mailing-history__image"> · {t.withButton}</span>}
      </p>
      <p className="mailing-history__figures">
        {schedule.next_run_at
          ? fillMessage(t.nextRun, { time: formatDateTime(schedule.next_run_at) })
          : fillMessage(t.firstRun, { time: formatDateTime(schedule.first_run_at) })}
        {' · '}
        {fillMessage(t.runsCount, { count: formatNumber(schedule.runs) })}
      </p>
      {schedule.status === 'scheduled' && <CancelScheduleButton scheduleId={schedule.id} />}
    </li>
  );
}

function CancelScheduleButton({ scheduleId }: { scheduleId: number }) {
  const cancel = useCancelScheduleMutation();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          {t.cancelSchedule}
        </button>
      </div>
      {cancel.isError && <Banner tone="error">{errorMessageOf(cancel.error, t.cancelFailed)}</Banner>}
      {confirming && (
        <ConfirmDialog
          title={t.cancelScheduleTitle}
          confirmLabel={t.cancelSchedule}
          pendingLabel={t.cancelling}
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate(scheduleId, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        >
          <p>{t.cancelScheduleText}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
