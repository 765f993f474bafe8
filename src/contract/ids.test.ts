import { describe, expect, it } from 'vitest';
import { bigId, bigIdParam, intId, intIdParam } from './ids.js';

describe('row ids', () => {
  it('take a positive whole number up to the column’s end, and answer the given message for anything else', () => {
    expect(intId('нет').parse(2 ** 31 - 1)).toBe(2 ** 31 - 1);
    expect(bigId('нет').parse(2 ** 40)).toBe(2 ** 40);
    for (const bad of [0, -1, 1.5, 2 ** 31, '7'])
      expect(intId('Акция не найдена.').safeParse(bad).error?.issues[0]?.message).toBe('Акция не найдена.');
    expect(bigId('нет').safeParse(2 ** 53).success).toBe(false);
  });

  it('read a path or query id from its text', () => {
    expect(intIdParam('нет').parse('42')).toBe(42);
    expect(bigIdParam('нет').parse('9007199254740991')).toBe(2 ** 53 - 1);
    for (const bad of ['abc', '0', '2147483648'])
      expect(intIdParam('Не найдено.').safeParse(bad).error?.issues[0]?.message).toBe('Не найдено.');
  });
});
