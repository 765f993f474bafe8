import { createActionRequestSchema, type Action, type ActionSettings } from '../../../../contract/actions.js';
import { ACTION_DEFAULT_POINTS_PERCENT, ACTION_DEFAULT_VALIDITY_DAYS } from '../../../../contract/constants.js';
import { messages } from '../../../../contract/messages.js';
import { z } from '../../../../contract/zod-setup.js';

const s = messages.actionScreens;

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
  product_keywords: string;
  min_total: string;
  puzzle_bot_token: string;
  puzzle_bot_points_variable: string;
  command_success: string;
  command_not_recognized: string;
  command_already_scanned: string;
  command_too_old: string;
  command_no_items: string;
  /** ScanApp's shoppers' bot: empty disconnects it, the saved token's mask (as loaded) keeps it. */
  telegram_bot_token: string;
}

/**
 * The API's schema typed for the form. The form's values are a narrower input than the
 * schema accepts (it also takes lists and numbers); the `extends` check keeps that true.
 */
function schemaForFormValues<Values extends z.input<typeof createActionRequestSchema>>(): z.ZodType<ActionSettings, Values> {
  return createActionRequestSchema as unknown as z.ZodType<ActionSettings, Values>;
}
export const actionFormSchema = schemaForFormValues<ActionFormValues>();
export type ActionFieldName = keyof ActionFormValues;

/** SPEC §9 create defaults: 10 %, 60 days, duplicates allowed. */
export const emptyActionForm: ActionFormValues = {
  name: '',
  project_inns: '',
  points_percentage: String(ACTION_DEFAULT_POINTS_PERCENT),
  receipt_validity_days: String(ACTION_DEFAULT_VALIDITY_DAYS),
  check_duplicates: false,
  product_keywords: '',
  min_total: '0',
  puzzle_bot_token: '',
  puzzle_bot_points_variable: '',
  command_success: '',
  command_not_recognized: '',
  command_already_scanned: '',
  command_too_old: '',
  command_no_items: '',
  telegram_bot_token: '',
};

export function actionToFormValues(action: Action): ActionFormValues {
  return {
    name: action.name,
    project_inns: action.project_inns.join(', '),
    points_percentage: String(action.points_percentage),
    receipt_validity_days: String(action.receipt_validity_days),
    check_duplicates: action.check_duplicates === 1,
    product_keywords: action.product_keywords.join(', '),
    min_total: String(action.min_total),
    puzzle_bot_token: action.puzzle_bot_token ?? '',
    puzzle_bot_points_variable: action.puzzle_bot_points_variable ?? '',
    command_success: action.command_success ?? '',
    command_not_recognized: action.command_not_recognized ?? '',
    command_already_scanned: action.command_already_scanned ?? '',
    command_too_old: action.command_too_old ?? '',
    command_no_items: action.command_no_items ?? '',
    telegram_bot_token: action.telegram_bot_token ?? '',
  };
}

export interface ActionField {
  name: ActionFieldName;
  label: string;
  kind: 'text' | 'number' | 'checkbox' | 'textarea';
  /** For numbers: the input's step ('any' allows fractions such as 7.5 %). */
  step?: string;
  required?: boolean;
  /** A sub-section heading and its explanation shown above this field. */
  startsGroup?: { title: string; hint: string };
  /** Lines under the field explaining what its positions mean. */
  hints?: readonly string[];
  /** The «?» explanation beside the label, for a field whose purpose is not obvious. */
  help?: string;
}

export type ActionSectionId = 'basic' | 'bot' | 'commands';

export interface ActionSection {
  id: ActionSectionId;
  title: string;
  hint?: string;
  fields: ActionField[];
}

/** The form's collapsible sections, in screen order (SPEC §2: basic settings, bot settings, five bot commands). */
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
        hints: [messages.cabinetPolish.duplicatesOffHint, messages.cabinetPolish.duplicatesOnHint],
      },
      { name: 'product_keywords', label: s.keywordsLabel, kind: 'text' },
      { name: 'min_total', label: s.minTotalLabel, kind: 'number', step: '0.01' },
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

/** The server's refusals that are about one field: shown at that field rather than in a banner. */
const fieldOfServerMessage: ReadonlyMap<string, ActionFieldName> = new Map([
  [messages.bot.tokenTaken, 'telegram_bot_token'],
  [messages.mailing.tokenMalformed, 'telegram_bot_token'],
  [messages.mailing.tokenRejected, 'telegram_bot_token'],
]);

export function fieldOfServerError(message: string): ActionFieldName | undefined {
  return fieldOfServerMessage.get(message);
}
