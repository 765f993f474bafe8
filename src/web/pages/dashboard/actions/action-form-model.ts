import { createActionRequestSchema, pointsPercentSchema, type Action, type ActionSettings } from '../../../../contract/actions.js';
import { ACTION_DEFAULT_POINTS_PERCENT, ACTION_DEFAULT_VALIDITY_DAYS } from '../../../../contract/constants.js';
import { messages } from '../../../../contract/messages.js';
import { EXPIRY_REMINDER_DEFAULT_DAYS } from '../../../../contract/points.js';
import { SUSPICIOUS_RECEIPTS_PER_HOUR_DEFAULT } from '../../../../contract/trust.js';
import { z } from '../../../../contract/zod-setup.js';

const s = messages.actionScreens;
const p = messages.points;
const t = messages.trust;

/** One row of «Уровни лояльности» as typed; the first row's percent is the action's and is not typed. */
export interface LevelRow {
  name: string;
  min_sum: string;
  points_percentage: string;
}

/**
 * What the action form holds: text as typed, the duplicates toggle as a checkbox. The
 * API's own `createActionRequestSchema` accepts exactly these (comma-separated INNs and
 * keywords, numbers as text, a boolean toggle) and turns them into the request's values.
 */
export interface ActionFormValues {
  name: string;
  project_inns: string;
  points_percentage: string;
  receipt_validity_days: string;
  check_duplicates: boolean;
  auto_renew: boolean;
  product_keywords: string;
  min_total: string;
  puzzle_bot_token: string;
  puzzle_bot_points_variable: string;
  command_success: string;
  command_not_recognized: string;
  command_already_scanned: string;
  command_too_old: string;
  command_no_items: string;
  command_limit_reached: string;
  points_lifetime_days: string;
  expiry_reminder_days: string;
  /** Empty: as the shopper's level. */
  repeat_points_percentage: string;
  levels: LevelRow[];
  points_hold_days: string;
  /** Empty: no cap. */
  max_receipts_per_week: string;
  max_points_per_receipt: string;
  suspicious_receipts_per_hour: string;
  /** ScanApp's shoppers' bot: empty disconnects it, the saved token's mask (as loaded) keeps it. */
  telegram_bot_token: string;
}

/**
 * The API's schema typed for the form. The form's values are a narrower input than the
 * schema accepts (it also takes lists and numbers); the `extends` check keeps that true.
 */
function schemaForFormValues<Values extends z.input<typeof createActionRequestSchema>>(): z.ZodType<ActionSettings, Values> {
  return z.preprocess(withFirstLevelPercent, createActionRequestSchema) as unknown as z.ZodType<ActionSettings, Values>;
}

/**
 * The first level's percent is the action's (the server refuses two that disagree), so the form
 * has no input for it and copies the action's percent in. A wrong action percent is reported at
 * its own field only: the level then gets a placeholder that passes.
 */
function withFirstLevelPercent(values: unknown): unknown {
  const form = values as ActionFormValues;
  if (!form.levels?.length) return values;
  const percent = pointsPercentSchema.safeParse(form.points_percentage).success ? form.points_percentage : '0';
  const [first, ...rest] = form.levels;
  return { ...form, levels: [{ ...first, points_percentage: percent }, ...rest] };
}
export const actionFormSchema = schemaForFormValues<ActionFormValues>();
export type ActionFieldName = keyof ActionFormValues;

/**
 * SPEC §9 create defaults (10 %, 60 days), except that a receipt earns once: the cabinet forbids
 * repeat uploads unless the seller allows them (docs/decisions.md, "Trust").
 */
export const emptyActionForm: ActionFormValues = {
  name: '',
  project_inns: '',
  points_percentage: String(ACTION_DEFAULT_POINTS_PERCENT),
  receipt_validity_days: String(ACTION_DEFAULT_VALIDITY_DAYS),
  check_duplicates: true,
  auto_renew: true,
  product_keywords: '',
  min_total: '0',
  puzzle_bot_token: '',
  puzzle_bot_points_variable: '',
  command_success: '',
  command_not_recognized: '',
  command_already_scanned: '',
  command_too_old: '',
  command_no_items: '',
  command_limit_reached: '',
  points_lifetime_days: '0',
  expiry_reminder_days: String(EXPIRY_REMINDER_DEFAULT_DAYS),
  repeat_points_percentage: '',
  levels: [],
  points_hold_days: '0',
  max_receipts_per_week: '',
  max_points_per_receipt: '',
  suspicious_receipts_per_hour: String(SUSPICIOUS_RECEIPTS_PER_HOUR_DEFAULT),
  telegram_bot_token: '',
};

export function actionToFormValues(action: Action): ActionFormValues {
  return {
    name: action.name,
    project_inns: action.project_inns.join(', '),
    points_percentage: String(action.points_percentage),
    receipt_validity_days: String(action.receipt_validity_days),
    check_duplicates: action.check_duplicates === 1,
    auto_renew: action.auto_renew,
    product_keywords: action.product_keywords.join(', '),
    min_total: String(action.min_total),
    puzzle_bot_token: action.puzzle_bot_token ?? '',
    puzzle_bot_points_variable: action.puzzle_bot_points_variable ?? '',
    command_success: action.command_success ?? '',
    command_not_recognized: action.command_not_recognized ?? '',
    command_already_scanned: action.command_already_scanned ?? '',
    command_too_old: action.command_too_old ?? '',
    command_no_items: action.command_no_items ?? '',
    command_limit_reached: action.command_limit_reached ?? '',
    points_lifetime_days: String(action.points_lifetime_days),
    expiry_reminder_days: String(action.expiry_reminder_days),
    repeat_points_percentage: action.repeat_points_percentage === null ? '' : String(action.repeat_points_percentage),
    levels: action.levels.map((level) => ({
      name: level.name,
      min_sum: String(level.min_sum),
      points_percentage: String(level.points_percentage),
    })),
    points_hold_days: String(action.points_hold_days),
    max_receipts_per_week: action.max_receipts_per_week === null ? '' : String(action.max_receipts_per_week),
    max_points_per_receipt: action.max_points_per_receipt === null ? '' : String(action.max_points_per_receipt),
    suspicious_receipts_per_hour: String(action.suspicious_receipts_per_hour),
    telegram_bot_token: action.telegram_bot_token ?? '',
  };
}

export interface ActionField {
  name: ActionFieldName;
  label: string;
  /** 'levels': the «Уровни лояльности» rows editor. */
  kind: 'text' | 'number' | 'checkbox' | 'textarea' | 'levels';
  /** For numbers: the input's step ('any' allows fractions such as 7.5 %). */
  step?: string;
  required?: boolean;
  /** A sub-section heading and its explanation shown above this field. */
  startsGroup?: { title: string; hint: string };
  /** Lines under the field explaining what its positions mean. */
  hints?: readonly string[];
  /** One line under a text or number field. */
  hint?: string;
  /** The «?» explanation beside the label, for a field whose purpose is not obvious. */
  help?: string;
}

export type ActionSectionId = 'basic' | 'trust' | 'points' | 'bot' | 'commands';

export interface ActionSection {
  id: ActionSectionId;
  title: string;
  hint?: string;
  fields: ActionField[];
}

/** The form's collapsible sections, in screen order (SPEC §2: basic settings, bot settings, five bot commands; points). */
export const actionFormSections: ActionSection[] = [
  {
    id: 'basic',
    title: s.sectionBasic,
    fields: [
      { name: 'name', label: s.nameLabel, kind: 'text', required: true },
      { name: 'project_inns', label: s.innsLabel, kind: 'text', required: true },
      { name: 'points_percentage', label: s.percentLabel, kind: 'number', step: 'any', required: true },
      {
        name: 'receipt_validity_days',
        label: s.validityLabel,
        kind: 'number',
        step: '1',
        required: true,
        help: messages.help.validityDays,
      },
      {
        name: 'check_duplicates',
        label: s.duplicatesLabel,
        kind: 'checkbox',
        help: messages.help.duplicates,
        hints: [messages.cabinetPolish.duplicatesOffHint, messages.cabinetPolish.duplicatesOnHint, t.duplicatesWhy],
      },
      { name: 'auto_renew', label: messages.actions.autoRenewLabel, kind: 'checkbox', hints: [messages.actions.autoRenewHint] },
      { name: 'product_keywords', label: s.keywordsLabel, kind: 'text' },
      { name: 'min_total', label: s.minTotalLabel, kind: 'number', step: '0.01' },
    ],
  },
  {
    id: 'trust',
    title: t.sectionTitle,
    hint: t.sectionHint,
    fields: [
      { name: 'points_hold_days', label: t.holdDaysLabel, kind: 'number', step: '1', hint: t.holdDaysHint },
      { name: 'max_receipts_per_week', label: t.maxReceiptsPerWeekLabel, kind: 'number', step: '1', hint: t.maxReceiptsPerWeekHint },
      { name: 'max_points_per_receipt', label: t.maxPointsPerReceiptLabel, kind: 'number', step: '1', hint: t.maxPointsPerReceiptHint },
      {
        name: 'suspicious_receipts_per_hour',
        label: t.suspiciousPerHourLabel,
        kind: 'number',
        step: '1',
        hint: t.suspiciousPerHourHint,
      },
    ],
  },
  {
    id: 'points',
    title: p.sectionTitle,
    fields: [
      { name: 'points_lifetime_days', label: p.lifetimeLabel, kind: 'number', step: '1', hint: p.lifetimeHint },
      { name: 'expiry_reminder_days', label: p.reminderLabel, kind: 'number', step: '1', hint: p.reminderHint },
      { name: 'repeat_points_percentage', label: p.repeatPercentLabel, kind: 'number', step: 'any', hint: p.repeatPercentHint },
      { name: 'levels', label: p.levelsTitle, kind: 'levels' },
    ],
  },
  {
    id: 'bot',
    title: s.sectionBot,
    fields: [
      { name: 'puzzle_bot_token', label: s.botTokenLabel, kind: 'text', help: messages.help.puzzleBotToken },
      { name: 'puzzle_bot_points_variable', label: s.pointsVariableLabel, kind: 'text', help: messages.help.pointsVariable },
      {
        name: 'telegram_bot_token',
        label: messages.bot.tokenLabel,
        kind: 'text',
        startsGroup: { title: messages.bot.formTitle, hint: messages.bot.formHint },
      },
    ],
  },
  {
    id: 'commands',
    title: s.sectionCommands,
    hint: s.commandsHint,
    fields: [
      { name: 'command_success', label: s.commandSuccessLabel, kind: 'textarea' },
      { name: 'command_not_recognized', label: s.commandNotRecognizedLabel, kind: 'textarea' },
      { name: 'command_already_scanned', label: s.commandAlreadyScannedLabel, kind: 'textarea' },
      { name: 'command_too_old', label: s.commandTooOldLabel, kind: 'textarea' },
      { name: 'command_no_items', label: s.commandNoItemsLabel, kind: 'textarea' },
      { name: 'command_limit_reached', label: t.commandLimitReachedLabel, kind: 'textarea' },
    ],
  },
];

/** The first field (in screen order) among those with an error, and every section holding one. */
export function locateErrors(fieldsWithErrors: readonly string[]): { first: ActionFieldName | undefined; sections: ActionSectionId[] } {
  const wrong = new Set(fieldsWithErrors);
  const sections = actionFormSections.filter((section) => section.fields.some((field) => wrong.has(field.name)));
  const first = sections[0]?.fields.find((field) => wrong.has(field.name))?.name;
  return { first, sections: sections.map((section) => section.id) };
}

const LEVEL_KEYS = ['name', 'min_sum', 'points_percentage'] as const;

/**
 * The input a refusal inside «Уровни лояльности» should focus: the first wrong row's first wrong
 * input, or the first row's name when the refusal is about the list as a whole (repeated names).
 */
export function levelFocusTarget(levelErrors: unknown): `levels.${number}.${(typeof LEVEL_KEYS)[number]}` {
  // react-hook-form nests row errors by index, as an array or (beside a list-wide `root` error) an object.
  const rows = (levelErrors ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const indexes = Object.keys(rows)
    .filter((key) => /^\d+$/.test(key))
    .map(Number)
    .sort((a, b) => a - b);
  for (const index of indexes) {
    const row = rows[index];
    const key = row && LEVEL_KEYS.find((name) => row[name]);
    if (key) return `levels.${index}.${key}`;
  }
  return 'levels.0.name';
}
