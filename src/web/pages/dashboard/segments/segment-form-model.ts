import { segmentConditionsSchema, type Segment } from '../../../../contract/segments.js';

/** The builder's fields as typed (a number field's text, a select's value); empty: the condition is not set. */
export interface SegmentForm {
  name: string;
  item_contains: string;
  total_min: string;
  total_max: string;
  last_purchase_within_days: string;
  last_purchase_not_within_days: string;
  level: string;
  birthday_month: string;
  /** '' | 'survey:<id>' | 'draw:<id>' */
  took_part: string;
  invited_min: string;
  points_min: string;
}

export type SegmentField = keyof SegmentForm;

export const EMPTY_SEGMENT_FORM: SegmentForm = {
  name: '',
  item_contains: '',
  total_min: '',
  total_max: '',
  last_purchase_within_days: '',
  last_purchase_not_within_days: '',
  level: '',
  birthday_month: '',
  took_part: '',
  invited_min: '',
  points_min: '',
};

const TEXT_FIELDS = ['item_contains', 'level'] as const;
const NUMBER_FIELDS = [
  'total_min',
  'total_max',
  'last_purchase_within_days',
  'last_purchase_not_within_days',
  'birthday_month',
  'invited_min',
  'points_min',
] as const;

/** The conditions the API is sent: the filled fields only (numbers as typed: the shared schema reads «1 500,50» style text). */
export function conditionsOf(form: SegmentForm): Record<string, unknown> {
  const conditions: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) if (form[field].trim()) conditions[field] = form[field].trim();
  for (const field of NUMBER_FIELDS) if (form[field].trim()) conditions[field] = form[field].trim().replace(/\s/g, '');
  const [kind, id] = form.took_part.split(':');
  if (kind === 'survey' || kind === 'draw') conditions.took_part = { [`${kind}_id`]: Number(id) };
  return conditions;
}

/** A saved segment back in the builder's fields. */
export function formOf(segment: Pick<Segment, 'name' | 'conditions'>): SegmentForm {
  const c = segment.conditions;
  const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));
  const tookPart = c.took_part ? ('survey_id' in c.took_part ? `survey:${c.took_part.survey_id}` : `draw:${c.took_part.draw_id}`) : '';
  return {
    name: segment.name,
    item_contains: text(c.item_contains),
    total_min: text(c.total_min),
    total_max: text(c.total_max),
    last_purchase_within_days: text(c.last_purchase_within_days),
    last_purchase_not_within_days: text(c.last_purchase_not_within_days),
    level: text(c.level),
    birthday_month: text(c.birthday_month),
    took_part: tookPart,
    invited_min: text(c.invited_min),
    points_min: text(c.points_min),
  };
}

/** The first problem of the conditions by the API's own schema, with the field it belongs to; null when they are valid. */
export function conditionsProblem(conditions: Record<string, unknown>): { field: SegmentField | null; message: string } | null {
  const parsed = segmentConditionsSchema.safeParse(conditions);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = issue.path[0];
  return { field: typeof field === 'string' && field in EMPTY_SEGMENT_FORM ? (field as SegmentField) : null, message: issue.message };
}

/** One line per set condition, «label: value», for the segment's card; empty: every shopper of the action. */
export function describeConditions(conditions: Segment['conditions'], labels: Record<Exclude<SegmentField, 'name'>, string>): string[] {
  const form = formOf({ name: '', conditions });
  return (Object.keys(labels) as Exclude<SegmentField, 'name'>[]).flatMap((field) => {
    const value = form[field];
    if (!value) return [];
    if (field === 'took_part') return [`${labels[field]}: №${value.split(':')[1]}`];
    return [`${labels[field]}: ${value}`];
  });
}
