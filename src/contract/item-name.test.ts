import { describe, expect, it } from 'vitest';
import { itemNameContains, normaliseItemName } from './item-name.js';

describe('item names', () => {
  it('normalise to lower case, «ё» as «е», every run of whitespace as one space, none at the ends', () => {
    const table: [string, string][] = [
      ['Плед флисовый', 'плед флисовый'],
      ['Плёд  флисовый', 'плед флисовый'],
      ['ПЛЁД\tФЛИСОВЫЙ', 'плед флисовый'],
      ['Плед\u00a0флисовый', 'плед флисовый'],
      ['  Мёд \t\u00a0 цветочный\n', 'мед цветочный'],
      ['ЁЛКА Ночная', 'елка ночная'],
      ['Всё ещё Ёжик', 'все еще ежик'],
      ['Крем\u2003для\u3000рук\u202f100мл', 'крем для рук 100мл'],
      ['Line\r\nbreak\u2028name', 'line break name'],
      ['\ufeffШампунь AURORA Cosmetics', 'шампунь aurora cosmetics'],
      ['Ärger ÜBER', 'ärger über'],
      // A zero-width space is not whitespace for `\s`: it stays (receipts have matched so).
      ['Zero\u200bwidth', 'zero\u200bwidth'],
      ['\t \u00a0', ''],
      ['', ''],
    ];
    for (const [name, normalised] of table) expect(normaliseItemName(name), JSON.stringify(name)).toBe(normalised);
  });

  it('contain a text when the normalised name contains the normalised text', () => {
    expect(itemNameContains('Плед флисовый 150×200', 'Плёд  флисовый')).toBe(true);
    expect(itemNameContains('ПЛЁД\u00a0флисовый', 'плед флис')).toBe(true);
    expect(itemNameContains('Мёд цветочный', 'МЕД')).toBe(true);
    expect(itemNameContains('Шампунь детский', ' ДЕТСКИЙ ')).toBe(true);
    expect(itemNameContains('Пледфлисовый', 'плед флисовый')).toBe(false);
    expect(itemNameContains('Кондиционер', 'шампунь')).toBe(false);
    // An empty (or all-space) text is in every name, as an empty keyword always was.
    expect(itemNameContains('Что угодно', '')).toBe(true);
    expect(itemNameContains('Что угодно', '\u00a0')).toBe(true);
  });
});
