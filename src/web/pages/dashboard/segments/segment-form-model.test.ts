import { describe, expect, it } from 'vitest';
import { messages } from '../../../../contract/messages.js';
import { conditionsOf, conditionsProblem, EMPTY_SEGMENT_FORM, formOf } from './segment-form-model.js';

const m = messages.segments;

describe('the segment builder’s fields', () => {
  it('send only the filled conditions, numbers as typed and the participation as an id', () => {
    const conditions = conditionsOf({
      ...EMPTY_SEGMENT_FORM,
      name: 'Любители крема',
      item_contains: '  крем ',
      total_min: '1 500,50',
      birthday_month: '3',
      took_part: 'survey:7',
    });
    expect(conditions).toEqual({ item_contains: 'крем', total_min: '1500,50', birthday_month: '3', took_part: { survey_id: 7 } });
    expect(conditionsProblem(conditions)).toBeNull();
    expect(conditionsOf(EMPTY_SEGMENT_FORM)).toEqual({});
  });

  it('a saved segment fills the same fields back', () => {
    const form = formOf({ name: 'Розыгрыш', conditions: { took_part: { draw_id: 4 }, points_min: 100, level: 'Золото' } });
    expect(form).toEqual({ ...EMPTY_SEGMENT_FORM, name: 'Розыгрыш', took_part: 'draw:4', points_min: '100', level: 'Золото' });
    expect(conditionsOf(form)).toEqual({ took_part: { draw_id: 4 }, points_min: '100', level: 'Золото' });
  });

  it('the first problem names its field with the API’s message', () => {
    expect(conditionsProblem(conditionsOf({ ...EMPTY_SEGMENT_FORM, birthday_month: '13' }))).toEqual({
      field: 'birthday_month',
      message: m.birthdayMonthInvalid,
    });
    expect(conditionsProblem(conditionsOf({ ...EMPTY_SEGMENT_FORM, total_min: '900', total_max: '100' }))).toEqual({
      field: 'total_max',
      message: m.totalRangeInvalid,
    });
    expect(conditionsProblem(conditionsOf({ ...EMPTY_SEGMENT_FORM, points_min: 'много' }))?.message).toBe(m.pointsInvalid);
  });
});
