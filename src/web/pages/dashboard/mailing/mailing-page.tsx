import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useShopProductsQuery } from '../../../api/shop.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
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
import { MailingForm, type MailingPrefill } from './mailing-form.js';
import { EMPTY_SCHEDULE } from './schedule-fields.js';
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
  const announcement = useAnnouncement();
  const [pickedSender, setPickedSender] = useState<MailingSender | null>(announcement.projectId);
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
      {announcement.prefill && (
        <Banner tone="info">{fillMessage(messages.mailingScheduleScreen.announcing, { title: announcement.title })}</Banner>
      )}
      <MailingForm
        // A new announcement fills a fresh form.
        key={announcement.prefill ? `announce-${announcement.productId}` : 'mailing'}
        prefill={announcement.prefill}
        botToken={tokenForSending(settings.data?.bot_token, tokenDraft)}
        senderLoading={settings.isPending || actions.isPending}
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

/**
 * «Анонсировать» on a shop product opens this screen with `?project_id=…&announce=<product>`:
 * the form starts with the product's title and description, its picture and a shop button
 * that opens the product, sent through the action's bot.
 */
function useAnnouncement(): { projectId: number | null; productId: number | null; title: string; prefill: MailingPrefill | null } {
  const [params] = useSearchParams();
  const projectId = Number(params.get('project_id')) || null;
  const productId = Number(params.get('announce')) || null;
  const products = useShopProductsQuery(productId ? projectId : null);
  const product = products.data?.find((candidate) => candidate.id === productId);
  if (!product) return { projectId, productId, title: '', prefill: null };
  return {
    projectId,
    productId,
    title: product.title,
    prefill: {
      text: product.description ? `${product.title}\n\n${product.description}` : product.title,
      imageUrl: product.image_url,
      schedule: {
        ...EMPTY_SCHEDULE,
        buttonKind: 'shop',
        buttonText: messages.mailingScheduleScreen.announceButton,
        productId: product.id,
      },
    },
  };
}
