import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { Action } from '../../../../contract/actions.js';
import { messages } from '../../../../contract/messages.js';
import { useActionQuery, useUpdateActionMutation } from '../../../api/actions.js';
import { ApiError, errorMessageOf } from '../../../api/api-error.js';
import { useBillingSettingsQuery } from '../../../api/billing.js';
import { Banner } from '../../../components/banner.js';
import { parseActionId } from '../../../lib/action-id.js';
import { ActionAnalyticsFold } from '../analytics/analytics-panel.js';
import { ActionReceiptsSection } from '../receipts/action-receipts-section.js';
import { usePageTitle } from '../page-title.js';
import { NoticeBanner } from '../top-up/notice-banner.js';
import { ActionCommandDialog, renewLabel, type ActionCommand } from './action-command-dialog.js';
import { ActionFacts } from './action-facts.js';
import { ActionForm } from './action-form.js';
import { actionToFormValues, type ActionFieldName } from './action-form-model.js';
import { fieldOfServerError } from '../action-refusals.js';
import { actionStatusText } from './action-status.js';
import { ActiveBadge, SuspendedNote } from './active-badge.js';
import { ApiKeyPanel } from './api-key-panel.js';
import { BotFeaturesSection } from './bot-features-section.js';
import { PromoCodesSection } from './promo-codes-section.js';
import { TelegramBotLinks, TelegramBotNote } from './telegram-bot-note.js';
import { readLocationMessage } from './location-message.js';
import { successNotice, errorNotice, type Notice } from '../../../components/notice.js';
import '../../../components/panel.css';
import './actions.css';
import { LoadingState } from '../../../components/list-state.js';

const s = messages.actionScreens;

/** /dashboard/action/{id} and …/edit (SPEC §2 Action page): the id must be numeric. */
export function ActionPage() {
  const actionId = parseActionId(useParams().id);
  if (actionId === null) return <ActionPageError message={messages.actionPage.invalidId} />;
  // A fresh screen per action: its notices and form never carry over to another one.
  return <ActionScreen key={actionId} actionId={actionId} />;
}

function ActionPageError({ message }: { message: string }) {
  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <div className="panel">
        <Banner tone="error">{message}</Banner>
        <p>
          <Link to="/dashboard" className="button button--secondary">
            {messages.actionPage.backToActions}
          </Link>
        </p>
      </div>
    </section>
  );
}

function ActionPageLoading() {
  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <LoadingState>{messages.common.loading}</LoadingState>
    </section>
  );
}

function ActionScreen({ actionId }: { actionId: number }) {
  const action = useActionQuery(actionId);
  const location = useLocation();
  const [notice, setNotice] = useState<Notice | null>(() => {
    // The server's 'Акция создана…' arrives from the create screen in router state.
    const message = readLocationMessage(location.state);
    return message ? successNotice(message) : null;
  });

  if (action.isPending) return <ActionPageLoading />;
  if (action.isError) return <ActionPageError message={errorMessageOf(action.error, messages.actions.loadFailed)} />;
  return <ActionDetails action={action.data} notice={notice} onNotice={setNotice} editing={location.pathname.endsWith('/edit')} />;
}

function ActionDetails({
  action,
  notice,
  onNotice,
  editing,
}: {
  action: Action;
  notice: Notice | null;
  onNotice: (notice: Notice) => void;
  /** …/edit opens the basic settings at once. */
  editing: boolean;
}) {
  const navigate = useNavigate();
  const renewPrice = useBillingSettingsQuery().data?.project_subscription_price;
  const update = useUpdateActionMutation(action.id);
  const [command, setCommand] = useState<ActionCommand | null>(null);
  // The save result shows beside the form's buttons, where the seller is looking.
  const [saveNotice, setSaveNotice] = useState<Notice | null>(null);
  // A refusal about one field (the bot token) shows at that field instead.
  const [fieldError, setFieldError] = useState<{ field: ActionFieldName; message: string } | null>(null);

  const handleDone = (done: Notice, finished: ActionCommand) => {
    setCommand(null);
    if (finished.kind === 'delete' && done.tone === 'success') {
      navigate('/dashboard', { state: { message: done.text } });
      return;
    }
    onNotice(done);
  };

  const handleSave = (settings: Parameters<typeof update.mutate>[0]) =>
    update.mutate(settings, {
      onSuccess: ({ message }) => setSaveNotice(successNotice(message)),
      onError: (error) => {
        const field = error instanceof ApiError ? fieldOfServerError(error.message) : undefined;
        setSaveNotice(field ? null : errorNotice(error, messages.actions.saveFailed));
        setFieldError(field ? { field, message: error.message } : null);
      },
    });

  return (
    <section className="dashboard-page">
      <p>
        <Link to="/dashboard" className="button button--secondary">
          {messages.actionPage.backToActions}
        </Link>
      </p>
      <header className="panel action-header">
        <div className="action-header__title">
          <h1 className="dashboard-page__title">{action.name}</h1>
          <ActiveBadge action={action} />
        </div>
        <p className="action-header__status">{actionStatusText(action)}</p>
        <SuspendedNote action={action} />
        <ActionFacts action={action} showSubscriptionEnd />
        <TelegramBotLinks action={action} />
        {renewPrice !== undefined && (
          <p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => setCommand({ kind: 'renew', action, price: renewPrice })}
            >
              {renewLabel(renewPrice)}
            </button>
          </p>
        )}
      </header>

      {notice && <NoticeBanner notice={notice} />}

      <section className="action-settings" aria-labelledby="action-settings-title">
        <h2 className="section-title" id="action-settings-title">
          {s.settingsTitle}
        </h2>
        <ActionForm
          defaultValues={actionToFormValues(action)}
          initiallyOpen={editing ? ['basic'] : []}
          submitLabel={s.save}
          pendingLabel={s.saving}
          pending={update.isPending}
          onValid={handleSave}
          serverFieldError={fieldError}
          savedBotToken={action.telegram_bot_token}
          fieldNotes={{ telegram_bot_token: <TelegramBotNote action={action} /> }}
          extraButtons={
            <button type="button" className="button button--danger" onClick={() => setCommand({ kind: 'delete', action })}>
              {s.deleteAction}
            </button>
          }
        />
        {saveNotice && <Banner tone={saveNotice.tone}>{saveNotice.text}</Banner>}
      </section>

      <BotFeaturesSection actionId={action.id} />

      <PromoCodesSection actionId={action.id} />

      <ApiKeyPanel action={action} />

      <ActionAnalyticsFold actionId={action.id} />

      <ActionReceiptsSection actionId={action.id} />

      {command && <ActionCommandDialog command={command} onDone={handleDone} onClose={() => setCommand(null)} />}
    </section>
  );
}
