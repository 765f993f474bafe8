import { describe, expect, it } from 'vitest';
import type { Action } from '../../../../contract/actions.js';
import { messages } from '../../../../contract/messages.js';
import { actionFormSchema, actionToFormValues, emptyActionForm, fieldOfServerError, locateErrors } from './action-form-model.js';

const m = messages.actions;

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

  it('starts from the SPEC defaults: 10 %, 60 days, duplicates allowed, no minimum', () => {
    const parsed = actionFormSchema.parse({ ...emptyActionForm, name: 'A', project_inns: '7707083893' });
    expect(parsed).toMatchObject({
      points_percentage: 10,
      receipt_validity_days: 60,
      check_duplicates: 0,
      min_total: 0,
      product_keywords: [],
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
    });
    expect(actionFormSchema.parse(values).project_inns).toEqual(action.project_inns);
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
      actionToFormValues({ ...({} as Action), project_inns: [], product_keywords: [], telegram_bot_token: '12345…wxyz' })
        .telegram_bot_token,
    ).toBe('12345…wxyz');
  });

  it('places the server’s token refusals at the token field, other refusals nowhere', () => {
    expect(fieldOfServerError(messages.bot.tokenTaken)).toBe('telegram_bot_token');
    expect(fieldOfServerError(messages.mailing.tokenRejected)).toBe('telegram_bot_token');
    expect(fieldOfServerError(messages.actions.saveFailed)).toBeUndefined();
    expect(locateErrors(['telegram_bot_token'])).toEqual({ first: 'telegram_bot_token', sections: ['bot'] });
  });
});
