import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BotMenuOrder } from './bot-menu-order.js';
import {
  BOT_FEATURE_GUIDES,
  BOT_FEATURE_KEYS,
  botFeaturesUpdateSchema,
  type BotFeatureKey,
  type BotFeatures,
  type WheelSector,
} from '../../../../contract/bot-features.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { useBotFeaturesQuery, useSaveBotFeaturesMutation, type BotFeaturesUpdate } from '../../../api/bot-features.js';
import { Banner } from '../../../components/banner.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { QueryView } from '../../../components/query-view.js';
import { StatusBadge } from '../../../components/status-badge.js';
import { TextField } from '../../../components/text-field.js';
import { WheelEditor, wheelDraftOf, wheelUpdateOf, type WheelSectorDraft } from './wheel-editor.js';

const p = messages.botFeaturesPage;

interface SectionLayout {
  hint?: string;
  fields: { name: string; label: string; hint?: string }[];
}

/** Each settings-driven function's fields (its name and line: BOT_FEATURE_GUIDES); a card per key of the contract's list. */
const SECTIONS: Record<BotFeatureKey, SectionLayout> = {
  referral: {
    hint: p.referralHint,
    fields: [
      { name: 'referrer_points', label: p.referrerPoints },
      { name: 'friend_points', label: p.friendPoints },
      { name: 'monthly_cap', label: p.monthlyCap, hint: p.monthlyCapHint },
    ],
  },
  birthday: {
    fields: [
      { name: 'points', label: p.birthdayPoints },
      { name: 'min_days_known', label: p.minDaysKnown },
    ],
  },
  daily_bonus: {
    fields: [
      { name: 'min_points', label: p.dailyMin },
      { name: 'max_points', label: p.dailyMax },
    ],
  },
  reviews: { hint: p.reviewsHint, fields: [{ name: 'points', label: p.reviewsPoints }] },
  photos: { fields: [{ name: 'points', label: p.photosPoints }] },
  support: { hint: p.supportHint, fields: [] },
  phone: { hint: messages.buyerPhone.featureHint, fields: [] },
};

/** What the seller is editing: each section's switch and its numbers as typed, and the daily bonus's wheel. */
type Draft = Record<BotFeatureKey, { enabled: boolean; values: Record<string, string>; wheel?: WheelSectorDraft[] }>;

function draftOf(features: BotFeatures): Draft {
  return Object.fromEntries(
    BOT_FEATURE_KEYS.map((key) => {
      const { enabled, wheel, ...values }: { enabled: boolean; wheel?: WheelSector[] } = features[key];
      const numbers = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
      return [key, { enabled, values: numbers, ...(wheel ? { wheel: wheelDraftOf(wheel) } : {}) }];
    }),
  ) as Draft;
}

/** Every section is sent, so what the seller sees is exactly what is saved. */
function updateOf(draft: Draft): BotFeaturesUpdate {
  return Object.fromEntries(
    BOT_FEATURE_KEYS.map((key) => {
      const { enabled, values, wheel } = draft[key];
      return [key, { enabled, ...values, ...(wheel ? { wheel: wheelUpdateOf(wheel) } : {}) }];
    }),
  );
}

/** The shared schema's messages by field (`referral.monthly_cap`): the server answers the same texts. */
function problemsOf(update: BotFeaturesUpdate): Map<string, string> {
  const parsed = botFeaturesUpdateSchema.safeParse(update);
  const problems = new Map<string, string>();
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = issue.path.slice(0, 2).join('.');
    if (!problems.has(field)) problems.set(field, issue.message);
  }
  return problems;
}

/**
 * The action page's «Функции бота», open: a card per settings-driven function with its state
 * as the bot has it now, a line on what it does and its settings one click away (saved
 * together), then links to the functions that have screens of their own.
 */
export function BotFeaturesSection({ actionId }: { actionId: number }) {
  const titleId = useId();
  const query = useBotFeaturesQuery(actionId);
  return (
    <section className="panel bot-features" aria-labelledby={titleId}>
      <h2 className="panel__title" id={titleId}>
        {messages.botFeatures.title}
      </h2>
      <p>{p.intro}</p>
      <QueryView query={query} loading={p.loading} failed={p.loadFailed}>
        {(loaded) => <BotFeaturesForm actionId={actionId} features={loaded.features} />}
      </QueryView>
      <BotMenuOrder actionId={actionId} />
      <h3 className="bot-features__subtitle">{p.otherTitle}</h3>
      <ul className="bot-features__links">
        <li>
          <Link to={`/dashboard/action/${actionId}/surveys`}>{p.surveysLink}</Link>
        </li>
        <li>
          <Link to={`/dashboard/action/${actionId}/draws`}>{p.drawsLink}</Link>
        </li>
        <li>
          <Link to={`/dashboard/moderation?project_id=${actionId}`}>{p.moderationLink}</Link>
        </li>
        <li>
          <Link to={`/dashboard/support?project_id=${actionId}`}>{p.supportLink}</Link>
        </li>
        <li>
          <Link to={`/dashboard/action/${actionId}/engagement`}>{messages.engagement.title}</Link>
        </li>
        <li>
          <Link to={`/dashboard/action/${actionId}/service`}>{messages.serviceDesk.featuresLink}</Link>
        </li>
      </ul>
    </section>
  );
}

function BotFeaturesForm({ actionId, features }: { actionId: number; features: BotFeatures }) {
  const save = useSaveBotFeaturesMutation(actionId);
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(features));
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const [notice, setNotice] = useState<Notice | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The cards whose settings are shown: the ones the seller opened, and any with a refused number.
  const [openKeys, setOpenKeys] = useState<ReadonlySet<BotFeatureKey>>(new Set());

  // After a refused save the first field with a message takes the focus.
  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const changed = JSON.stringify(updateOf(draft)) !== JSON.stringify(updateOf(draftOf(features)));

  const change = (key: BotFeatureKey, next: Partial<Draft[BotFeatureKey]>) =>
    setDraft((current) => ({ ...current, [key]: { ...current[key], ...next } }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const update = updateOf(draft);
    const found = problemsOf(update);
    setProblems(found);
    setNotice(null);
    if (found.size > 0) {
      setOpenKeys((current) => new Set([...current, ...[...found.keys()].map((field) => field.split('.')[0] as BotFeatureKey)]));
      setAttempt((count) => count + 1);
      return;
    }
    save.mutate(update, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved.features));
        setNotice(successNotice(saved.message));
      },
      onError: (error) => setNotice(errorNotice(error, p.saveFailed)),
    });
  };

  return (
    <form ref={form} className="bot-features__form" onSubmit={handleSubmit} noValidate>
      <ul className="bot-features__cards">
        {BOT_FEATURE_KEYS.map((key) => (
          <li key={key}>
            <FeatureCard
              featureKey={key}
              enabledNow={features[key].enabled}
              draft={draft[key]}
              problems={problems}
              open={openKeys.has(key)}
              onToggle={() => setOpenKeys((current) => toggled(current, key))}
              onChange={(next) => change(key, next)}
            />
          </li>
        ))}
      </ul>
      {/* Nothing to save until a row's settings are open or hold a change: the rows stay short on a phone. */}
      {(openKeys.size > 0 || changed) && (
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? p.saving : p.save}
          </button>
        </div>
      )}
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
    </form>
  );
}

function toggled(keys: ReadonlySet<BotFeatureKey>, key: BotFeatureKey): ReadonlySet<BotFeatureKey> {
  const next = new Set(keys);
  if (!next.delete(key)) next.add(key);
  return next;
}

/** One function: its name and state as saved, its line, and «Настроить» showing its switch and numbers. */
function FeatureCard({
  featureKey,
  enabledNow,
  draft,
  problems,
  open,
  onToggle,
  onChange,
}: {
  featureKey: BotFeatureKey;
  /** The saved switch: what the bot does now, whatever is typed and not yet saved. */
  enabledNow: boolean;
  draft: Draft[BotFeatureKey];
  problems: Map<string, string>;
  open: boolean;
  onToggle: () => void;
  onChange: (next: Partial<Draft[BotFeatureKey]>) => void;
}) {
  const settingsId = useId();
  const nameId = useId();
  const guide = BOT_FEATURE_GUIDES[featureKey];
  const section = SECTIONS[featureKey];
  // A group named by its heading rather than a fieldset's legend: the name and state share one line.
  return (
    <div role="group" aria-labelledby={nameId} className="bot-features__section">
      <div className="bot-features__head">
        <h3 className="bot-features__name" id={nameId}>
          {guide.name}
        </h3>
        <StatusBadge tone={enabledNow ? 'success' : 'neutral'}>{enabledNow ? p.stateOn : p.stateOff}</StatusBadge>
      </div>
      <p className="bot-features__summary">
        <span>{guide.summary}</span>{' '}
        <button
          type="button"
          className="bot-features__set-up"
          aria-expanded={open}
          aria-controls={settingsId}
          aria-label={fillMessage(p.setUpLabel, { name: guide.name })}
          onClick={onToggle}
        >
          {p.setUp}
        </button>
      </p>
      <div id={settingsId} className="bot-features__settings" hidden={!open}>
        <label className="checkbox-field">
          <input type="checkbox" checked={draft.enabled} onChange={(event) => onChange({ enabled: event.target.checked })} />
          <span>{p.enabled}</span>
        </label>
        {section.hint && <p className="text-field__hint">{section.hint}</p>}
        <div className="bot-features__fields">
          {section.fields.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              hint={field.hint}
              inputMode="numeric"
              value={draft.values[field.name] ?? ''}
              onChange={(event) => onChange({ values: { ...draft.values, [field.name]: event.target.value } })}
              error={problems.get(`${featureKey}.${field.name}`) ?? null}
            />
          ))}
        </div>
        {draft.wheel && (
          <WheelEditor
            sectors={draft.wheel}
            error={problems.get(`${featureKey}.wheel`) ?? null}
            onChange={(wheel) => onChange({ wheel })}
          />
        )}
        {problems.get(`${featureKey}.enabled`) && <Banner tone="error">{problems.get(`${featureKey}.enabled`)}</Banner>}
      </div>
    </div>
  );
}
