import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ActionSettings } from '../../../../contract/actions.js';
import { ACTION_SUBSCRIPTION_DAYS } from '../../../../contract/billing.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { useCreateActionMutation } from '../../../api/actions.js';
import { ApiError, errorMessageOf } from '../../../api/api-error.js';
import { useBillingSettingsQuery } from '../../../api/billing.js';
import { useSessionState } from '../../../auth/session.js';
import { Banner } from '../../../components/banner.js';
import { formatDays, formatRubles } from '../../../lib/format.js';
import { usePageTitle } from '../page-title.js';
import { NoticeBanner } from '../top-up/notice-banner.js';
import { ChargeSummary } from './charge-summary.js';
import { errorNotice } from '../../../components/notice.js';
import { ActionForm } from './action-form.js';
import { emptyActionForm } from './action-form-model.js';
import { fieldOfServerError } from '../action-refusals.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import '../../../components/panel.css';
import './actions.css';

const s = messages.actionScreens;
const days = formatDays(ACTION_SUBSCRIPTION_DAYS);

/**
 * /dashboard/action/create (SPEC §2): the settings form, a note with the 30-day price, and a
 * confirmation before the charge. Success opens the new action's page with the server's message.
 */
export function CreateActionPage() {
  const title = usePageTitle();
  const { session } = useSessionState();
  const prices = useBillingSettingsQuery();
  const create = useCreateActionMutation();
  const navigate = useNavigate();
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<ActionSettings | null>(null);

  // A refusal about one field (the bot token) shows at that field, not in the banner.
  const fieldError = useMemo(() => {
    const field = create.error instanceof ApiError ? fieldOfServerError(create.error.message) : undefined;
    return field && create.error ? { field, message: create.error.message } : null;
  }, [create.error]);

  if (!session) return null;
  const price = prices.data?.project_subscription_price;

  const handleConfirm = () => {
    if (!awaitingConfirmation) return;
    create.mutate(awaitingConfirmation, {
      onSuccess: ({ project_id, message }) => navigate(`/dashboard/action/${project_id}`, { replace: true, state: { message } }),
    });
    setAwaitingConfirmation(null);
  };

  return (
    <section className="dashboard-page">
      <p>
        <Link to="/dashboard" className="button button--secondary">
          {messages.actionPage.backToActions}
        </Link>
      </p>
      <h1 className="dashboard-page__title">{title}</h1>
      {!session.user.is_activated ? (
        <div className="panel">
          <p>{messages.actions.notActivated}</p>
          <p>
            <Link to="/dashboard" className="button button--primary">
              {s.goToActivation}
            </Link>
          </p>
        </div>
      ) : (
        <>
          {create.isError && !fieldError && <NoticeBanner notice={errorNotice(create.error, messages.actions.createFailed)} />}
          <ActionForm
            defaultValues={emptyActionForm}
            initiallyOpen={['basic']}
            submitLabel={s.createSubmit}
            pendingLabel={s.creating}
            pending={create.isPending}
            onValid={setAwaitingConfirmation}
            serverFieldError={fieldError}
            note={
              price === undefined ? (
                prices.isError && <Banner tone="error">{errorMessageOf(prices.error, messages.billing.tariffsLoadFailed)}</Banner>
              ) : (
                <p className="price-note">{fillMessage(s.priceWarning, { price: formatRubles(price), days })}</p>
              )
            }
          />
        </>
      )}
      {awaitingConfirmation && (
        <ConfirmDialog title={s.createConfirmTitle} onConfirm={handleConfirm} onClose={() => setAwaitingConfirmation(null)}>
          <p>
            {price === undefined
              ? fillMessage(s.createConfirmTextNoPrice, { days })
              : fillMessage(s.createConfirmText, { price: formatRubles(price), days })}
          </p>
          {price !== undefined && <ChargeSummary price={price} balance={session.user.balance} />}
        </ConfirmDialog>
      )}
    </section>
  );
}
