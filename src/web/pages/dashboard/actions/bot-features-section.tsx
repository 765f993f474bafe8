import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BOT_FEATURE_KEYS, botFeaturesUpdateSchema, type BotFeatureKey, type BotFeatures } from '../../../../contract/bot-features.js';
import { messages } from '../../../../contract/messages.js';
import { useBotFeaturesQuery, useSaveBotFeaturesMutation, type BotFeaturesUpdate } from '../../../api/bot-features.js';
import { Banner } from '../../../components/banner.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { QueryView } from '../../../components/query-view.js';
import { TextField } from '../../../components/text-field.js';

const f = messages.botFeatures;
const p = messages.botFeaturesPage;

interface SectionLayout {
  key: BotFeatureKey;
  name: string;
  hint?: string;
  fields: { name: string; label: string; hint?: string }[];
}

/** The settings-driven functions, in the bot menu's order, with their fields. */
const SECTIONS: SectionLayout[] = [
  {
    key: 'referral',
    name: f.nameReferral,
    hint: p.referralHint,
    fields: [
      { name: 'referrer_points', label: p.referrerPoints },
      { name: 'friend_points', label: p.friendPoints },
      { name: 'monthly_cap', label: p.monthlyCap, hint: p.monthlyCapHint },
    ],
  },
  {
    key: 'birthday',
    name: f.nameBirthday,
    fields: [
      { name: 'points', label: p.birthdayPoints },
      { name: 'min_days_known', label: p.minDaysKnown },
    ],
  },
  {
    key: 'daily_bonus',
    name: f.nameDailyBonus,
    fields: [
      { name: 'min_points', label: p.dailyMin },
      { name: 'max_points', label: p.dailyMax },
    ],
  },
  { key: 'reviews', name: f.nameReviews, hint: p.reviewsHint, fields: [{ name: 'points', label: p.reviewsPoints }] },
  { key: 'photos', name: f.namePhotos, fields: [{ name: 'points', label: p.photosPoints }] },
  { key: 'support', name: f.nameSupport, hint: p.supportHint, fields: [] },
];

/** What the seller is editing: each section's switch and its numbers as typed. */
type Draft = Record<BotFeatureKey, { enabled: boolean; values: Record<string, string> }>;

function draftOf(features: BotFeatures): Draft {
  return Object.fromEntries(
    BOT_FEATURE_KEYS.map((key) => {
      const { enabled, ...values }: { enabled: boolean } = features[key];
      return [key, { enabled, values: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])) }];
    }),
  ) as Draft;
}

/** Every section is sent, so what the seller sees is exactly what is saved. */
function updateOf(draft: Draft): BotFeaturesUpdate {
  return Object.fromEntries(BOT_FEATURE_KEYS.map((key) => [key, { enabled: draft[key].enabled, ...draft[key].values }]));
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
 * The action page's «Функции бота»: a switch and the numbers of each settings-driven
 * function, saved together, and links to the functions that have screens of their own.
 */
export function BotFeaturesSection({ actionId }: { actionId: number }) {
  const titleId = useId();
  const query = useBotFeaturesQuery(actionId);
  return (
    <details className="panel fold bot-features">
      <summary className="fold__summary">
        <h2 className="bot-features__title" id={titleId}>
          {f.title}
        </h2>
      </summary>
      <section className="fold__body" aria-labelledby={titleId}>
        <p>{p.intro}</p>
        <QueryView query={query} loading={p.loading} failed={p.loadFailed}>
          {(loaded) => <BotFeaturesForm actionId={actionId} features={loaded.features} />}
        </QueryView>
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
    </details>
  );
}

function BotFeaturesForm({ actionId, features }: { actionId: number; features: BotFeatures }) {
  const save = useSaveBotFeaturesMutation(actionId);
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(features));
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const [notice, setNotice] = useState<Notice | null>(null);
  const [attempt, setAttempt] = useState(0);

  // After a refused save the first field with a message takes the focus.
  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const change = (key: BotFeatureKey, next: Partial<Draft[BotFeatureKey]>) =>
    setDraft((current) => ({ ...current, [key]: { ...current[key], ...next } }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const update = updateOf(draft);
    const found = problemsOf(update);
    setProblems(found);
    setNotice(null);
    if (found.size > 0) {
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
      {SECTIONS.map((section) => (
        <fieldset key={section.key} className="bot-features__section">
          <legend className="bot-features__name">{section.name}</legend>
          <label className="checkbox-field">
            <input
              type="checkbox"
              checked={draft[section.key].enabled}
              onChange={(event) => change(section.key, { enabled: event.target.checked })}
            />
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
                value={draft[section.key].values[field.name] ?? ''}
                onChange={(event) => change(section.key, { values: { ...draft[section.key].values, [field.name]: event.target.value } })}
                error={problems.get(`${section.key}.${field.name}`) ?? null}
              />
            ))}
          </div>
          {problems.get(`${section.key}.enabled`) && <Banner tone="error">{problems.get(`${section.key}.enabled`)}</Banner>}
        </fieldset>
      ))}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? p.saving : p.save}
        </button>
      </div>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
    </form>
  );
}
