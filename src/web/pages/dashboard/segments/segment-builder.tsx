import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { Action } from '../../../../contract/actions.js';
import { MONTH_NAMES } from '../../../../contract/engagement.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { segmentNameSchema, type Segment } from '../../../../contract/segments.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useDrawsQuery } from '../../../api/draws.js';
import { useSaveSegmentMutation, useSegmentPreviewQuery } from '../../../api/segments.js';
import { useSurveysQuery } from '../../../api/surveys.js';
import { Banner } from '../../../components/banner.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { errorNotice, type Notice } from '../../../components/notice.js';
import { TextField } from '../../../components/text-field.js';
import { formatNumber } from '../../../lib/format.js';
import { conditionsOf, conditionsProblem, EMPTY_SEGMENT_FORM, formOf, type SegmentField, type SegmentForm } from './segment-form-model.js';

const m = messages.segments;
/** The live count waits this long after the last keystroke, so typing a number asks once. */
const PREVIEW_DELAY_MS = 400;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The builder: a name and a field per condition, with the number of matching shoppers counted
 * live by the server (debounced) before saving. Checked by the API's own schema first.
 */
export function SegmentBuilder({
  action,
  segment,
  onDone,
}: {
  action: Action;
  /** null: a new segment. */
  segment: Segment | null;
  /** Saved (its message) or cancelled (''). */
  onDone: (message: string) => void;
}) {
  const headingId = useId();
  const [form, setForm] = useState<SegmentForm>(() => (segment ? formOf(segment) : EMPTY_SEGMENT_FORM));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useSaveSegmentMutation(action.id);
  const surveys = useSurveysQuery(action.id);
  const draws = useDrawsQuery(action.id);

  const conditions = useMemo(() => conditionsOf(form), [form]);
  const problem = conditionsProblem(conditions);
  const settledKey = useDebounced(JSON.stringify(conditions), PREVIEW_DELAY_MS);
  const settled = useMemo(() => JSON.parse(settledKey) as Record<string, unknown>, [settledKey]);
  const preview = useSegmentPreviewQuery(action.id, conditionsProblem(settled) ? null : settled);

  const set = (field: SegmentField) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const errorOf = (field: SegmentField) => (problem?.field === field ? problem.message : null);

  const participation = [
    { value: '', label: m.anyValue },
    ...(surveys.data?.surveys ?? []).map((survey) => ({
      value: `survey:${survey.id}`,
      label: fillMessage(m.surveyOption, { title: survey.title }),
    })),
    ...(draws.data?.draws ?? []).map((draw) => ({ value: `draw:${draw.id}`, label: fillMessage(m.drawOption, { title: draw.title }) })),
  ];

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const name = segmentNameSchema.safeParse(form.name);
    setNameError(name.success ? null : m.nameInvalid);
    if (!name.success || problem) return;
    save.mutate(
      { id: segment?.id ?? null, name: name.data, conditions },
      { onSuccess: ({ message }) => onDone(message), onError: (error) => setNotice(errorNotice(error, m.saveFailed)) },
    );
  };

  const numberField = (field: SegmentField, label: string, hint?: string) => (
    <TextField
      label={label}
      inputMode="decimal"
      value={form[field]}
      error={errorOf(field)}
      hint={hint}
      onChange={(event) => set(field)(event.target.value)}
    />
  );

  return (
    <section className="panel segment-builder" aria-labelledby={headingId}>
      <h2 className="panel__title" id={headingId}>
        {segment ? m.builderEdit : m.builderNew}
      </h2>
      <form noValidate onSubmit={handleSubmit}>
        <TextField
          label={m.nameLabel}
          value={form.name}
          error={nameError}
          onChange={(event) => {
            set('name')(event.target.value);
            setNameError(null);
          }}
        />
        <TextField
          label={m.itemLabel}
          value={form.item_contains}
          error={errorOf('item_contains')}
          onChange={(event) => set('item_contains')(event.target.value)}
        />
        <div className="segment-builder__row">
          {numberField('total_min', m.totalMinLabel)}
          {numberField('total_max', m.totalMaxLabel)}
        </div>
        <div className="segment-builder__row">
          {numberField('last_purchase_within_days', m.withinLabel)}
          {numberField('last_purchase_not_within_days', m.notWithinLabel)}
        </div>
        <p className="segment-builder__note">{m.daysHint}</p>
        <div className="segment-builder__row">
          {action.levels.length > 0 && (
            <FilterSelect
              label={m.levelLabel}
              value={form.level}
              options={[{ value: '', label: m.anyValue }, ...action.levels.map((level) => ({ value: level.name, label: level.name }))]}
              onChange={set('level')}
            />
          )}
          <FilterSelect
            label={m.monthLabel}
            value={form.birthday_month}
            options={[{ value: '', label: m.anyValue }, ...MONTH_NAMES.map((month, index) => ({ value: String(index + 1), label: month }))]}
            onChange={set('birthday_month')}
          />
          <FilterSelect label={m.tookPartLabel} value={form.took_part} options={participation} onChange={set('took_part')} />
        </div>
        <div className="segment-builder__row">
          {numberField('invited_min', m.invitedLabel)}
          {numberField('points_min', m.pointsLabel)}
        </div>

        <p className="segment-builder__count" role="status" aria-live="polite">
          {problem
            ? problem.message
            : preview.isError
              ? errorMessageOf(preview.error, m.previewFailed)
              : preview.data === undefined
                ? m.counting
                : fillMessage(m.liveCount, { count: formatNumber(preview.data.count) })}
        </p>

        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
        <div className="segment-builder__actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? m.saving : m.save}
          </button>
          <button type="button" className="button button--secondary" onClick={() => onDone('')}>
            {messages.common.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
