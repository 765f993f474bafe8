import { useRef, useState } from 'react';
import { messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useActionsQuery } from '../../../api/actions.js';
import { useMailingSettingsQuery } from '../../../api/mailing.js';
import { useSessionState } from '../../../auth/session.js';
import { Banner } from '../../../components/banner.js';
import { LoadingState } from '../../../components/list-state.js';
import { usePageTitle } from '../page-title.js';
import { BotTokenPanel } from './bot-token-panel.js';
import { BuyerPicker } from './buyer-picker.js';
import { withTicks } from './buyer-ticks.js';
import { MailingForm } from './mailing-form.js';
import { tokenForSending } from './mailing-form-model.js';
import { MailingHistory } from './mailing-history.js';
import { currentSender, MAILING_BOT, senderOptions, type MailingSender } from './mailing-sender.js';
import { SenderChoice } from './sender-choice.js';
import '../../../components/panel.css';
import './mailing.css';

const s = messages.mailingScreen;

/**
 * /dashboard/mailing (SPEC §2 Mailings): the bot, the send form with its result or
 * progress, the buyers to tick, and the past mailings. The page owns what several parts
 * share: the token being typed and the ticked buyers.
 */
export function MailingPage() {
  const userId = useSessionState().session?.user.id;
  const settings = useMailingSettingsQuery();
  const actions = useActionsQuery();
  const [pickedSender, setPickedSender] = useState<MailingSender | null>(null);
  const options = senderOptions(actions.data ?? []);
  const sender = currentSender(pickedSender, options, Boolean(settings.data?.bot_token));
  const senderAction = sender === MAILING_BOT ? null : (actions.data?.find((action) => action.id === sender) ?? null);
  const [tokenDraft, setTokenDraft] = useState('');
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const tokenInputRef = useRef<HTMLInputElement>(null);

  const handleTokenMissing = (message: string) => {
    setTokenError(message);
    tokenInputRef.current?.focus();
  };

  return (
    <section className="dashboard-page mailing-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      {settings.isPending ? (
        <LoadingState>{s.settingsLoading}</LoadingState>
      ) : settings.isError ? (
        <Banner tone="error">{errorMessageOf(settings.error, s.settingsLoadFailed)}</Banner>
      ) : (
        <BotTokenPanel
          settings={settings.data}
          draft={tokenDraft}
          onDraftChange={(token) => {
            setTokenDraft(token);
            setTokenError(null);
          }}
          error={tokenError}
          inputRef={tokenInputRef}
        />
      )}
      <MailingForm
        botToken={tokenForSending(settings.data?.bot_token, tokenDraft)}
        projectId={senderAction?.id ?? null}
        senderChoice={
          <SenderChoice
            options={options}
            value={sender}
            onChange={(next) => {
              setPickedSender(next);
              // Ticked shoppers of one bot may never have written to another.
              setTicked(new Set());
            }}
          />
        }
        userId={userId}
        tickedBuyerIds={ticked}
        onTokenMissing={handleTokenMissing}
        onSent={() => setTicked(new Set())}
      />
      <BuyerPicker
        senderAction={senderAction}
        ticked={ticked}
        onTick={(buyerIds, checked) => setTicked((current) => withTicks(current, buyerIds, checked))}
        onClear={() => setTicked(new Set())}
      />
      <MailingHistory />
    </section>
  );
}
