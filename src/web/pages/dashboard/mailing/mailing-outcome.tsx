import { useId } from 'react';
import { mailingOutcomeMessage, type MailingError, type MailingResult } from '../../../../contract/mailing.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useMailingQuery } from '../../../api/mailing.js';
import { Banner } from '../../../components/banner.js';
import { LoadingState } from '../../../components/list-state.js';
import { CancelMailingButton } from './cancel-mailing-button.js';
import { MailingProgress } from './mailing-progress.js';

const m = messages.mailing;
const s = messages.mailingScreen;

/**
 * The mailing just started: its progress while it is being sent (followed every second),
 * then SPEC §8's outcome text, and the recipients it failed for.
 */
export function MailingOutcome({ mailingId }: { mailingId: number }) {
  const headingId = useId();
  const mailing = useMailingQuery(mailingId);
  return (
    <section className="mailing-outcome" aria-labelledby={headingId}>
      <h3 className="mailing-outcome__title" id={headingId}>
        {s.resultTitle}
      </h3>
      {mailing.data ? (
        <MailingOutcomeBody mailing={mailing.data} />
      ) : mailing.isError ? (
        <Banner tone="error">{errorMessageOf(mailing.error, m.sendFailed)}</Banner>
      ) : (
        <LoadingState>{messages.common.loading}</LoadingState>
      )}
    </section>
  );
}

function MailingOutcomeBody({ mailing }: { mailing: MailingResult }) {
  return (
    <>
      {mailing.status === 'sending' ? (
        <div className="mailing-outcome__running">
          <MailingProgress mailing={mailing} />
          <CancelMailingButton mailingId={mailing.id} />
        </div>
      ) : (
        <Banner tone={mailing.failed === 0 && mailing.status === 'done' ? 'success' : 'error'}>
          {mailingOutcomeMessage(mailing)}
          {mailing.status === 'cancelled' && ` ${m.cancelled}`}
        </Banner>
      )}
      {mailing.errors.length > 0 && <MailingErrors errors={mailing.errors} />}
    </>
  );
}

/** SPEC §8: each failed recipient as 'ID {chat}: {error}'. */
export function MailingErrors({ errors }: { errors: readonly MailingError[] }) {
  const headingId = useId();
  return (
    <div className="mailing-errors">
      <h4 className="mailing-errors__title" id={headingId}>
        {s.errorsTitle}
      </h4>
      <ul className="mailing-errors__list" aria-labelledby={headingId}>
        {errors.map((error) => (
          <li key={error.chat_id}>{fillMessage(m.recipientError, { chat: error.chat_id, error: error.error })}</li>
        ))}
      </ul>
    </div>
  );
}
