import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankPglite } from '../../../tests/support/blank-pglite.js';
import { itemNameContains, normaliseItemName } from '../../contract/item-name.js';
import { pgliteDatabase, type Database } from './connection.js';
import { itemNameContainsSql, normalisedItemName, SPACE_CLASS } from './item-name.js';
import { rowsOf } from './rows.js';

// The SQL form of item-name matching must answer as the TypeScript one does (the receipt verdict's
// rule) for every name and text: in this database, and with Russian and ASCII letters also in one
// whose locale lowers only ASCII (C), where other letters are left as they are.

const NAMES = [
  'Плед флисовый 150×200',
  'Плёд  флисовый',
  'ПЛЁД\tФЛИСОВЫЙ',
  'Плед\u00a0флисовый',
  '  Мёд \t\u00a0 цветочный\n',
  'ЁЛКА Ночная',
  'Всё ещё Ёжик',
  'Крем\u2003для\u3000рук\u202f100мл',
  'Line\r\nbreak\u2028name',
  '\ufeffШампунь AURORA Cosmetics',
  'Zero\u200bwidth',
  'Пледфлисовый',
  '\t \u00a0',
  '',
];
const TEXTS = [
  'Плёд  флисовый',
  'плед флисовый',
  'ПЛЕД',
  'д ф',
  'МЁД ЦВЕТ',
  'елка',
  'ЕЖИК',
  'крем для рук',
  'line break',
  'шампунь aurora',
  'zero width',
  '\u00a0флис',
  ' ',
  '',
  'фен',
];

/** Lowered by the locale's `lower()`, which under C leaves them. */
const OTHER_LETTERS = { names: ['Ärger ÜBER', 'Ölförderung'], texts: ['ärger über', 'ÖL'] };

let database: Database;

beforeAll(async () => {
  // A copy of the run's empty cluster: a fresh initdb here took over a minute on a busy machine.
  database = pgliteDatabase(await blankPglite());
});

afterAll(async () => {
  await database?.close();
});

const listOf = (texts: string[]) => sql`jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) WITH ORDINALITY`;
const select = async <Row>(query: SQL) => rowsOf<Row>(await database.db.execute(query));

describe.each([
  {
    locale: 'the database’s own locale (C.UTF-8)',
    names: [...NAMES, ...OTHER_LETTERS.names],
    texts: [...TEXTS, ...OTHER_LETTERS.texts],
    as: (column: SQL) => column,
  },
  { locale: 'the C locale', names: NAMES, texts: TEXTS, as: (column: SQL) => sql`(${column} COLLATE "C")` },
])('item-name matching in SQL under $locale', ({ names, texts, as }) => {
  // Rows carry the list positions, not the texts: PGlite's text decoding drops a value's leading BOM.
  it('normalises each name as normaliseItemName does', async () => {
    const rows = await select<{ i: number; normalised: string }>(
      sql`SELECT n.i, ${normalisedItemName(as(sql`n.name`))} AS normalised FROM ${listOf(names)} AS n(name, i) ORDER BY n.i`,
    );
    expect(rows.map((row) => [names[Number(row.i) - 1], row.normalised])).toEqual(names.map((name) => [name, normaliseItemName(name)]));
  });

  it('answers itemNameContains for every name and text, the text read from a column or sent as a parameter', async () => {
    const expected = names.flatMap((name) => texts.map((text) => [name, text, itemNameContains(name, text)]));
    const fromColumn = await select<{ i: number; j: number; hit: boolean }>(sql`
      SELECT n.i, t.j, ${itemNameContainsSql(as(sql`n.name`), as(sql`t.text`))} AS hit
        FROM ${listOf(names)} AS n(name, i) CROSS JOIN ${listOf(texts)} AS t(text, j)
       ORDER BY n.i, t.j`);
    expect(fromColumn.map((row) => [names[Number(row.i) - 1], texts[Number(row.j) - 1], row.hit])).toEqual(expected);

    const asParameter = await Promise.all(
      texts.map(async (text) => {
        const rows = await select<{ i: number; hit: boolean }>(
          sql`SELECT n.i, ${itemNameContainsSql(as(sql`n.name`), text)} AS hit FROM ${listOf(names)} AS n(name, i) ORDER BY n.i`,
        );
        return rows.map((row) => [names[Number(row.i) - 1], text, row.hit]);
      }),
    );
    // By name, then text, as `expected` is.
    expect(names.flatMap((_, i) => asParameter.map((rows) => rows[i]))).toEqual(expected);
  });
});

it('under C, lower() alone leaves Russian letters and \\s no NBSP: the reasons the SQL form spells them out', async () => {
  const [row] = await select<{ lowered: string; spaced: string }>(
    sql`SELECT lower('ПЛЁД' COLLATE "C") AS lowered, regexp_replace(${'a\u00a0b'}::text, '\s', '_') AS spaced`,
  );
  expect(row).toEqual({ lowered: 'ПЛЁД', spaced: 'a\u00a0b' });
});

it('the SQL form’s space class is exactly JavaScript’s \\s', () => {
  const spelt = new RegExp(`^${SPACE_CLASS}$`);
  const differing: string[] = [];
  for (let code = 0; code <= 0xffff; code++) {
    const char = String.fromCharCode(code);
    if (spelt.test(char) !== /^\s$/.test(char)) differing.push(code.toString(16));
  }
  expect(differing).toEqual([]);
});
