import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { actionResponseSchema, createActionRequestSchema, type Action } from '../../../../contract/actions.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { shopSettingsResponseSchema } from '../../../../contract/shop.js';
import { useCreateActionMutation } from '../../../api/actions.js';
import { ApiError, errorMessageOf } from '../../../api/api-error.js';
import { useActivateMutation, useBillingSettingsQuery } from '../../../api/billing.js';
import { apiRequest } from '../../../api/client.js';
import { useDepositMutation } from '../../../api/payments.js';
import { useHealthQuery } from '../../../api/system.js';
import { useSessionState } from '../../../auth/session.js';
import { Banner } from '../../../components/banner.js';
import { TextField } from '../../../components/text-field.js';
import { formatRubles } from '../../../lib/format.js';
import { fieldOfServerError } from '../action-refusals.js';
import { demoChatHref } from '../../../lib/demo-chat-href.js';
import { currentReceiptPrice } from '../tariffs/tier-rows.js';
import { markSameTabPayment } from '../top-up/payment-channel.js';
import { sendToPayment } from '../top-up/send-to-payment.js';
import { POINTS_HOLD_PROPOSED_DAYS } from '../../../../contract/trust.js';
import { readDraft, saveDraft, type StartDraft } from './start-draft.js';
import { demoBotToken, startPlan } from './start-plan.js';
import './guided-start.css';

const g = messages.guidedStart;
const f = messages.actionScreens;
/** The supplier of the demo's test receipts (tests/fixtures/receipts/wb-aurora-cosmetics.json). */
const DEMO_SELLER_INN = '072196655529';

type Stage = 'details' | 'payment' | 'launching' | 'ready';
type LaunchStep = 'activate' | 'action' | 'shop';

/**
 * A new seller's dashboard until the first action runs: name the action and its seller INN,
 * connect the bot, pay once for everything the start needs (explained line by line), and the
 * bot is ready. The card payment leaves for the checkout in this tab and comes back here; a
 * balance that then covers the start launches it without another click.
 */
/**
 * The action the start creates: a receipt earns once (repeat uploads forbidden) and its points
 * are held for the proposed return window unless the seller typed another (docs/decisions.md, "Trust").
 */
function startSettings(draft: StartDraft) {
  return {
    name: draft.name,
    project_inns: draft.inns,
    telegram_bot_token: draft.token.trim() || undefined,
    check_duplicates: 1,
    points_hold_days: draft.holdDays.trim(),
  };
}

export function GuidedStart({ onClose }: { onClose: () => void }) {
  const user = useSessionState().session?.user;
  const prices = useBillingSettingsQuery();
  const demo = useHealthQuery().data?.mode === 'demo';
  const deposit = useDepositMutation();
  const activate = useActivateMutation();
  const create = useCreateActionMutation();
  const userId = user?.id ?? 0;
  const [draft, setDraft] = useState<StartDraft>(
    () =>
      readDraft(userId) ?? {
        name: g.nameDefault,
        inns: '',
        token: '',
        holdDays: String(POINTS_HOLD_PROPOSED_DAYS),
        awaitingPayment: false,
      },
  );
  const [stage, setStage] = useState<Stage>(() => (readDraft(userId) ? 'payment' : 'details'));
  const [errors, setErrors] = useState<Partial<Record<'name' | 'inns' | 'token' | 'holdDays', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [launchStep, setLaunchStep] = useState<LaunchStep | null>(null);
  const [ready, setReady] = useState<Action | null>(null);
  const launchingRef = useRef(false);
  // The demo's INN is offered once the server says it is a demo, unless the seller has typed one meanwhile.
  const innsTyped = useRef(false);

  // A layout effect: the INN is in the field in the same task as the commit that learnt the mode.
  // A passive effect ran later, and its update could land between a focus (the seller starting to
  // type, after this check) and the typed text, which then went in beside the demo's INN.
  useLayoutEffect(() => {
    if (demo && !innsTyped.current && stage === 'details')
      setDraft((current) => (current.inns === '' ? { ...current, inns: DEMO_SELLER_INN } : current));
  }, [demo, stage]);

  const plan =
    prices.data && user
      ? startPlan({
          prices: {
            activation: prices.data.account_activation_price,
            subscription: prices.data.project_subscription_price,
            receipt: currentReceiptPrice(prices.data, user.scanned_receipts),
          },
          activated: user.is_activated,
          balance: user.balance,
        })
      : null;

  const update = (change: Partial<StartDraft>) => setDraft((current) => ({ ...current, ...change }));

  const handleDetails = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createActionRequestSchema.safeParse(startSettings(draft));
    const found: typeof errors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field =
        issue.path[0] === 'name'
          ? 'name'
          : issue.path[0] === 'project_inns'
            ? 'inns'
            : issue.path[0] === 'telegram_bot_token'
              ? 'token'
              : issue.path[0] === 'points_hold_days'
                ? 'holdDays'
                : undefined;
      if (field) found[field] ??= issue.message;
    }
    if (!draft.token.trim()) found.token = messages.mailing.tokenMalformed;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    saveDraft(userId, { ...draft, awaitingPayment: false });
    setStage('payment');
  };

  const launch = async (current: StartDraft) => {
    if (launchingRef.current || !user) return;
    launchingRef.current = true;
    setStage('launching');
    setProblem(null);
    try {
      if (!user.is_activated) {
        setLaunchStep('activate');
        await activate.mutateAsync();
      }
      setLaunchStep('action');
      const settings = createActionRequestSchema.parse(startSettings(current));
      const { project_id: projectId } = await create.mutateAsync(settings);
      // The shop exists from the start, so the bot offers it (inline button, menu button) at once.
      setLaunchStep('shop');
      await apiRequest({
        path: '/shop/settings',
        query: { project_id: String(projectId) },
        schema: shopSettingsResponseSchema,
        fallbackMessage: messages.shop.loadFailed,
      });
      const { project } = await apiRequest({
        path: `/projects/${projectId}`,
        schema: actionResponseSchema,
        fallbackMessage: messages.actions.loadFailed,
      });
      saveDraft(userId, null);
      setReady(project);
      setStage('ready');
    } catch (error) {
      const next = { ...current, awaitingPayment: false };
      saveDraft(userId, next);
      setDraft(next);
      setProblem(fillMessage(g.launchFailed, { reason: errorMessageOf(error, messages.actions.createFailed) }));
      // A refusal about one of the first step's fields (the bot token, a seller INN) is fixed there; anything else is retried from the payment step.
      setStage(error instanceof ApiError && fieldOfServerError(error.message) ? 'details' : 'payment');
    } finally {
      launchingRef.current = false;
      setLaunchStep(null);
    }
  };

  // Back from the checkout: once the refreshed balance covers the start, it goes on by itself.
  useEffect(() => {
    if (stage === 'payment' && draft.awaitingPayment && plan && plan.toPay === 0) void launch(draft);
  });

  const handlePay = async () => {
    if (!plan) return;
    if (plan.toPay === 0) return launch(draft);
    setProblem(null);
    const next = { ...draft, awaitingPayment: true };
    saveDraft(userId, next);
    setDraft(next);
    try {
      await sendToPayment({
        tab: null,
        createLink: () => deposit.mutateAsync({ userId, amount: plan.toPay }),
        origin: window.location.origin,
        goHere: (url) => {
          markSameTabPayment();
          window.location.assign(url);
        },
      });
    } catch (error) {
      saveDraft(userId, { ...next, awaitingPayment: false });
      setDraft({ ...next, awaitingPayment: false });
      setProblem(errorMessageOf(error, messages.payments.linkFailed));
    }
  };

  return (
    <section className="panel guided-start" aria-labelledby="guided-start-title">
      <h2 className="panel__title" id="guided-start-title">
        {g.title}
      </h2>
      <p className="guided-start__intro">{g.intro}</p>
      <Steps stage={stage} />
      {problem && <Banner tone="error">{problem}</Banner>}
      {prices.isError && <Banner tone="error">{errorMessageOf(prices.error, messages.billing.tariffsLoadFailed)}</Banner>}

      {stage === 'details' && (
        <form className="guided-start__form" onSubmit={handleDetails} noValidate>
          <TextField
            label={f.nameLabel}
            value={draft.name}
            onChange={(event) => update({ name: event.target.value })}
            error={errors.name}
            autoComplete="off"
          />
          <TextField
            label={f.innsLabel}
            value={draft.inns}
            // Focusing counts as typing: the demo INN arriving while the seller types would land beside their text.
            onFocus={() => (innsTyped.current = true)}
            onChange={(event) => {
              innsTyped.current = true;
              update({ inns: event.target.value });
            }}
            error={errors.inns}
            hint={demo ? `${g.innsHint} ${g.innsDemoHint}` : g.innsHint}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField
            label={messages.bot.tokenLabel}
            value={draft.token}
            onChange={(event) => update({ token: event.target.value })}
            error={errors.token}
            hint={g.tokenHowTo}
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            label={messages.trust.holdDaysLabel}
            value={draft.holdDays}
            onChange={(event) => update({ holdDays: event.target.value })}
            error={errors.holdDays}
            hint={g.holdDaysHint}
            inputMode="numeric"
            autoComplete="off"
          />
          <p className="guided-start__hint">{g.duplicatesForbidden}</p>
          {demo && (
            <p className="guided-start__demo">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => update({ token: demoBotToken((size) => crypto.getRandomValues(new Uint8Array(size))) })}
              >
                {g.demoToken}
              </button>
              <span className="guided-start__hint">{g.demoTokenHint}</span>
            </p>
          )}
          <p>
            <button type="submit" className="button button--primary">
              {g.next}
            </button>
          </p>
        </form>
      )}

      {stage === 'payment' && plan && (
        <div className="guided-start__payment">
          <h3 className="guided-start__subtitle">{g.paymentTitle}</h3>
          <table className="guided-start__lines">
            <tbody>
              {plan.lines.map((line) => (
                <tr key={line.label}>
                  <th scope="row">{line.label}</th>
                  <td>{line.amount < 0 ? `−${formatRubles(-line.amount)}` : formatRubles(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{g.lineTotal}</th>
                <td>{formatRubles(plan.toPay)}</td>
              </tr>
            </tfoot>
          </table>
          <p className="guided-start__hint">{g.reserveNote}</p>
          {demo && <p className="guided-start__hint">{g.paymentDemoNote}</p>}
          {draft.awaitingPayment && plan.toPay > 0 && user && (
            <Banner tone="info">
              {fillMessage(g.paymentShort, { balance: formatRubles(user.balance), needed: formatRubles(plan.needed) })}
            </Banner>
          )}
          <p className="guided-start__buttons">
            <button type="button" className="button button--secondary" onClick={() => setStage('details')}>
              {g.back}
            </button>
            <button type="button" className="button button--primary" disabled={deposit.isPending} onClick={() => void handlePay()}>
              {deposit.isPending ? g.paying : plan.toPay === 0 ? g.launch : fillMessage(g.pay, { amount: formatRubles(plan.toPay) })}
            </button>
          </p>
        </div>
      )}

      {stage === 'launching' && (
        <ul className="guided-start__progress" aria-live="polite" aria-busy="true">
          {(user?.is_activated ? ['action', 'shop'] : ['activate', 'action', 'shop']).map((step) => (
            <li key={step} aria-current={launchStep === step ? 'step' : undefined}>
              {step === 'activate' ? g.launchActivate : step === 'action' ? g.launchAction : g.launchShop}
            </li>
          ))}
        </ul>
      )}

      {stage === 'ready' && ready && <Ready action={ready} demo={demo} onClose={onClose} />}
    </section>
  );
}

function Steps({ stage }: { stage: Stage }) {
  const current = stage === 'details' ? 0 : stage === 'ready' ? 2 : 1;
  return (
    <ol className="guided-start__steps" aria-label={g.stepsLabel}>
      {[g.stepAction, g.stepPayment, g.stepReady].map((label, index) => (
        <li
          key={label}
          className={
            index === current
              ? 'guided-start__step guided-start__step--current'
              : index < current
                ? 'guided-start__step guided-start__step--done'
                : 'guided-start__step'
          }
          aria-current={index === current ? 'step' : undefined}
        >
          {label}
          {index === current && <span className="visually-hidden"> {g.stepCurrent}</span>}
        </li>
      ))}
    </ol>
  );
}

function Ready({ action, demo, onClose }: { action: Action; demo: boolean; onClose: () => void }) {
  const bot = action.telegram_bot_username ?? '';
  const demoChat = demo ? demoChatHref(action) : null;
  return (
    <div className="guided-start__ready" role="status">
      <h3 className="guided-start__subtitle">{g.readyTitle}</h3>
      <p>{fillMessage(g.readyText, { bot })}</p>
      <p className="guided-start__buttons">
        {demoChat ? (
          <a className="button button--primary" href={demoChat}>
            {g.readyDemoChat}
          </a>
        ) : (
          <a className="button button--primary" href={`https://t.me/${bot}`} target="_blank" rel="noopener noreferrer">
            {g.readyOpenBot}
          </a>
        )}
        <Link className="button button--secondary" to={`/dashboard/action/${action.id}`} onClick={onClose}>
          {g.readyToAction}
        </Link>
      </p>
    </div>
  );
}
