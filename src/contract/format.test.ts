import { describe, expect, it } from 'vitest';
import { pluralRu } from './format.js';

const recipients = { one: 'получателю', few: 'получателям', many: 'получателям' };
const receipts = { one: 'чек', few: 'чека', many: 'чеков' };

describe('pluralRu', () => {
  it('agrees with 1, 21 and 101 in the singular form', () => {
    for (const count of [1, 21, 101]) expect(pluralRu(count, recipients)).toBe('получателю');
  });

  it('takes the few form for 2–4, 22–24 and the many form for 0, 5–20, 111', () => {
    expect([2, 3, 4, 22].map((count) => pluralRu(count, receipts))).toEqual(['чека', 'чека', 'чека', 'чека']);
    expect([0, 5, 11, 12, 14, 20, 111].map((count) => pluralRu(count, receipts))).toEqual(Array(7).fill('чеков'));
  });
});
