import { describe, expect, it } from 'vitest';
import type { Action } from '../../../../contract/actions.js';
import { messages } from '../../../../contract/messages.js';
import {
  actionFormSchema,
  actionToFormValues,
  emptyActionForm,
  levelFocusTarget,
  locateErrors,
  type LevelRow,
} from './action-form-model.js';

const m = messages.actions;
const p = messages.points;
const t = messages.trust;

function errorsOf(values: Partial<typeof emptyActionForm>) {
  const result = actionFormSchema.safeParse({ ...emptyActionForm, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the action form against the shared schema', () => {
  it('turns the typed text into the request: INNs trimmed, empties and repeats dropped, numbers parsed', () => {
    const parsed = actionFormSchema.parse({
      ...emptyActionForm,
      name: '  Весна ',
      project_inns: ' 7707083893 , ,7707083893,500100732259, ',
      points_percentage: '7,5',
      product_keywords: 'подгузники,  салфетки ,',
      min_total: '499.90',
      check_duplicates: true,
      command_success: '   ',
    });
    expect(parsed).toMatchObject({
      name: 'Весна',
      project_inns: ['7707083893', '500100732259'],
      points_percentage: 7.5,
      receipt_validity_days: 60,
      check_duplicates: 1,
      product_keywords: ['подгузники', 'салфетки'],
      min_total: 499.9,
      command_success: null,
    });
  });

  it('starts from the SPEC defaults (10 %, 60 days, no minimum) with repeat uploads forbidden and no hold or caps', () => {
    const parsed = actionFormSchema.parse({ ...emptyActionForm, name: 'A', project_inns: '7707083893' });
    expect(parsed).toMatchObject({
      points_percentage: 10,
      receipt_validity_days: 60,
      check_duplicates: 1,
      min_total: 0,
      product_keywords: [],
      points_hold_days: 0,
      max_receipts_per_week: null,
      max_points_per_receipt: null,
      suspicious_receipts_per_hour: 5,
      command_limit_reached: null,
    });
  });

  it('reads the guards as typed: caps as whole numbers, an empty cap as none', () => {
    const parsed = actionFormSchema.parse({
      ...emptyActionForm,
      name: 'A',
      project_inns: '7707083893',
      points_hold_days: '14',
      max_receipts_per_week: '3',
      max_points_per_receipt: '',
      suspicious_receipts_per_hour: '10',
    });
    expect(parsed).toMatchObject({
      points_hold_days: 14,
      max_receipts_per_week: 3,
      max_points_per_receipt: null,
      suspicious_receipts_per_hour: 10,
    });
  });

  it.each([
    [{ project_inns: '7707083893' }, 'name', m.nameRequired],
    [{ name: 'A', project_inns: ' , ' }, 'project_inns', m.innsRequired],
    [{ name: 'A', project_inns: '12345' }, 'project_inns', 'ИНН «12345» некорректен: нужно 10 или 12 цифр'],
    [{ name: 'A', project_inns: '7707083893', points_percentage: '101' }, 'points_percentage', m.pointsPercentRange],
    [{ name: 'A', project_inns: '7707083893', points_percentage: '' }, 'points_percentage', m.pointsPercentRange],
    [{ name: 'A', project_inns: '7707083893', receipt_validity_days: '0' }, 'receipt_validity_days', m.validityDaysMin],
    [{ name: 'A', project_inns: '7707083893', receipt_validity_days: '3651' }, 'receipt_validity_days', m.validityDaysMin],
    [{ name: 'A', project_inns: '7707083893', min_total: '-1' }, 'min_total', m.minTotalInvalid],
    [{ name: 'A', project_inns: '7707083893', points_hold_days: '61' }, 'points_hold_days', t.holdDaysRange],
    [{ name: 'A', project_inns: '7707083893', points_hold_days: '1.5' }, 'points_hold_days', t.holdDaysRange],
    [{ name: 'A', project_inns: '7707083893', points_hold_days: '' }, 'points_hold_days', t.holdDaysRange],
    [{ name: 'A', project_inns: '7707083893', max_receipts_per_week: '0' }, 'max_receipts_per_week', t.maxReceiptsPerWeekRange],
    [{ name: 'A', project_inns: '7707083893', max_receipts_per_week: 'много' }, 'max_receipts_per_week', t.maxReceiptsPerWeekRange],
    [{ name: 'A', project_inns: '7707083893', max_points_per_receipt: '-5' }, 'max_points_per_receipt', t.maxPointsPerReceiptRange],
    [
      { name: 'A', project_inns: '7707083893', suspicious_receipts_per_hour: '0' },
      'suspicious_receipts_per_hour',
      t.suspiciousPerHourRange,
    ],
  ])('%j is refused at %s with the SPEC message', (values, field, message) => {
    expect(errorsOf(values)[field]).toBe(message);
  });
});

describe('actionToFormValues', () => {
  it('prefills the form from a saved action', () => {
    const action = {
      name: 'Осень',
      project_inns: ['7707083893', '500100732259'],
      points_percentage: 7.5,
      receipt_validity_days: 14,
      check_duplicates: 1,
      product_keywords: ['чай'],
      min_total: 300,
      puzzle_bot_token: null,
      puzzle_bot_points_variable: 'points',
      command_success: null,
      command_not_recognized: null,
      command_already_scanned: null,
      command_too_old: null,
      command_no_items: 'Нет товаров',
      points_lifetime_days: 365,
      expiry_reminder_days: 0,
      levels: [
        { name: 'Базовый', min_sum: 0, points_percentage: 7.5 },
        { name: 'Золотой', min_sum: 5000.5, points_percentage: 12 },
      ],
      repeat_points_percentage: null,
      points_hold_days: 14,
      max_receipts_per_week: null,
      max_points_per_receipt: 500,
      suspicious_receipts_per_hour: 5,
      command_limit_reached: null,
    } as Action;
    const values = actionToFormValues(action);
    expect(values).toMatchObject({
      project_inns: '7707083893, 500100732259',
      points_percentage: '7.5',
      receipt_validity_days: '14',
      check_duplicates: true,
      product_keywords: 'чай',
      min_total: '300',
      puzzle_bot_token: '',
      command_no_items: 'Нет товаров',
      points_lifetime_days: '365',
      expiry_reminder_days: '0',
      repeat_points_percentage: '',
      points_hold_days: '14',
      max_receipts_per_week: '',
      max_points_per_receipt: '500',
      levels: [
        { name: 'Базовый', min_sum: '0', points_percentage: '7.5' },
        { name: 'Золотой', min_sum: '5000.5', points_percentage: '12' },
      ],
    });
    const parsed = actionFormSchema.parse(values);
    expect(parsed.project_inns).toEqual(action.project_inns);
    expect(parsed).toMatchObject({
      points_lifetime_days: 365,
      expiry_reminder_days: 0,
      levels: action.levels,
      repeat_points_percentage: null,
    });
  });
});

describe('locateErrors', () => {
  it('names the first wrong field in screen order and every section that holds an error', () => {
    expect(locateErrors(['command_too_old', 'points_percentage', 'name'])).toEqual({ first: 'name', sections: ['basic', 'commands'] });
    expect(locateErrors(['puzzle_bot_token'])).toEqual({ first: 'puzzle_bot_token', sections: ['bot'] });
    expect(locateErrors([])).toEqual({ first: undefined, sections: [] });
  });
});

describe('the shoppers’ bot token in the form', () => {
  it('sends the saved mask back unchanged (the server keeps the bot) and an empty field as null (disconnects)', () => {
    const base = { ...emptyActionForm, name: 'A', project_inns: '7707083893' };
    expect(actionFormSchema.parse({ ...base, telegram_bot_token: '12345…wxyz' }).telegram_bot_token).toBe('12345…wxyz');
    expect(actionFormSchema.parse({ ...base, telegram_bot_token: '  ' }).telegram_bot_token).toBeNull();
    expect(
      actionToFormValues({ ...({} as Action), project_inns: [], product_keywords: [], levels: [], telegram_bot_token: '12345…wxyz' })
        .telegram_bot_token,
    ).toBe('12345…wxyz');
  });

  it('opens the bot section for an error at the token field', () => {
    expect(locateErrors(['telegram_bot_token'])).toEqual({ first: 'telegram_bot_token', sections: ['bot'] });
  });
});

describe('the «Баллы» section against the shared schema', () => {
  const base = { ...emptyActionForm, name: 'A', project_inns: '7707083893' };
  const row = (name: string, min_sum: string, points_percentage = ''): LevelRow => ({ name, min_sum, points_percentage });

  it('starts with points that never expire, a reminder 7 days before, no levels and no repeat percent', () => {
    expect(actionFormSchema.parse(base)).toMatchObject({
      points_lifetime_days: 0,
      expiry_reminder_days: 7,
      levels: [],
      repeat_points_percentage: null,
    });
  });

  it("sends the first level at the action's percent, whatever its row holds", () => {
    const parsed = actionFormSchema.parse({
      ...base,
      points_percentage: '8',
      repeat_points_percentage: '12,5',
      levels: [row('Базовый', '0', '3'), row(' Золотой ', '5000', '15')],
    });
    expect(parsed.levels).toEqual([
      { name: 'Базовый', min_sum: 0, points_percentage: 8 },
      { name: 'Золотой', min_sum: 5000, points_percentage: 15 },
    ]);
    expect(parsed.repeat_points_percentage).toBe(12.5);
  });

  it.each([
    [{ points_lifetime_days: '-1' }, 'points_lifetime_days', p.lifetimeRange],
    [{ points_lifetime_days: '3651' }, 'points_lifetime_days', p.lifetimeRange],
    [{ points_lifetime_days: '' }, 'points_lifetime_days', p.lifetimeRange],
    [{ expiry_reminder_days: '366' }, 'expiry_reminder_days', p.reminderRange],
    [{ repeat_points_percentage: '101' }, 'repeat_points_percentage', p.repeatPercentRange],
    [{ levels: [row('Базовый', '0'), row('', '100', '12')] }, 'levels.1.name', p.levelNameInvalid],
    [{ levels: [row('Базовый', '0'), row('Золотой', '0', '12')] }, 'levels.1.min_sum', p.levelThresholdsIncrease],
    [{ levels: [row('Базовый', '0'), row('Золотой', '', '12')] }, 'levels.1.min_sum', p.levelThresholdInvalid],
    [{ levels: [row('Базовый', '0'), row('Золотой', '100', '101')] }, 'levels.1.points_percentage', p.levelPercentRange],
    [{ levels: [row('Базовый', '0'), row('базовый', '100', '12')] }, 'levels', p.levelNamesRepeat],
  ])('%j is refused at %s with its message', (values, field, message) => {
    expect(errorsOf(values)[field]).toBe(message);
  });

  it("reports a wrong action percent once, at the action's percent, not again at the first level", () => {
    const errors = errorsOf({ name: 'A', project_inns: '7707083893', points_percentage: '101', levels: [row('Базовый', '0')] });
    expect(errors).toEqual({ points_percentage: m.pointsPercentRange });
  });

  it('opens the «Баллы» section for an error in it and focuses the first wrong input of the levels', () => {
    expect(locateErrors(['levels', 'command_success'])).toEqual({ first: 'levels', sections: ['points', 'commands'] });
    expect(levelFocusTarget([undefined, undefined, { points_percentage: {}, min_sum: {} }])).toBe('levels.2.min_sum');
    expect(levelFocusTarget({ root: {}, 1: { name: {} } })).toBe('levels.1.name');
    expect(levelFocusTarget({ root: {} })).toBe('levels.0.name');
  });
});
