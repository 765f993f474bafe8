import { describe, expect, it } from 'vitest';
import { buyerPeriodOptions, parseBuyerPeriod } from './buyer-period.js';

describe('buyers period', () => {
  it('offers all time, a week, a month and a quarter', () => {
    expect(buyerPeriodOptions).toEqual([
      { value: '', label: 'За всё время' },
      { value: '7', label: 'За неделю' },
      { value: '30', label: 'За месяц' },
      { value: '90', label: 'За квартал' },
    ]);
  });

  it.each([
    ['7', 7],
    ['90', 90],
    ['', null],
    [null, null],
    ['5', null],
  ])('%s → %s', (raw, days) => expect(parseBuyerPeriod(raw)).toBe(days));
});
