import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankPglite, blankPgliteDirectory } from '../../../tests/support/blank-pglite.js';
import { inThreadSession, type PgliteSession } from './pglite-session.js';
import { openPgliteWorker } from './pglite-worker-client.js';

/** Every kind of value the app reads, NULLs, text beyond ASCII and a leading byte-order mark included. */
const EVERY_TYPE = `
  SELECT 1::int2 AS small, 2::int4 AS int, 9007199254740993::int8 AS big, 42::int8 AS big_small, 1.5::float8 AS float,
         12.30::numeric AS money, true AS yes, false AS no, 'Ёлка 🎄'::text AS unicode, E'\\uFEFFbom'::text AS bom,
         'x'::varchar AS chars, '2026-11-29 10:00:00+03'::timestamptz AS at, '2026-11-29 10:00:00'::timestamp AS local,
         '2026-11-29'::date AS day, '1 day 02:00'::interval AS span, '{"a": [1, "б"], "n": null}'::jsonb AS doc,
         '[1, 2]'::json AS plain_json, '\\xdeadbeef'::bytea AS blob, ARRAY[1, 2, NULL]::int[] AS ints,
         ARRAY['а', 'b c', NULL]::text[] AS texts, ARRAY['2026-01-01T00:00:00Z']::timestamptz[] AS times,
         ARRAY[9007199254740993]::int8[] AS bigs, '00000000-0000-0000-0000-000000000001'::uuid AS id,
         NULL::text AS nothing, NULL::int AS no_number, '' AS empty, 1 AS same, 2 AS same`;

const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: (value: string) => value,
  [types.TIMESTAMPTZ]: (value: string) => value,
  [types.INTERVAL]: (value: string) => value,
  [types.DATE]: (value: string) => value,
};

const OPTIONS: (QueryOptions | undefined)[] = [
  undefined,
  { rowMode: 'array' },
  { rowMode: 'object', parsers: DRIZZLE_PARSERS },
  { rowMode: 'array', parsers: DRIZZLE_PARSERS },
];

/**
 * PGlite's own query(), in this thread: what every answer must equal. One for the file, its table
 * made afresh for each group: an in-thread open is CPU the whole suite waits on.
 */
let reference: PGlite;
beforeAll(async () => {
  reference = await blankPglite();
}, 60_000);
afterAll(() => reference.close());

describe.each([
  { where: 'in this thread', open: async () => inThreadSession(await blankPglite()) },
  {
    where: 'in its worker thread',
    open: (directory: string) => openPgliteWorker({ directory: blankPgliteDirectory(directory), startParams: PGlite.defaultStartParams }),
  },
])('a statement on a PGlite $where, read from the wire protocol’s bytes', ({ open }) => {
  let session: PgliteSession;
  const directory = mkdtempSync(path.join(os.tmpdir(), 'scanapp-results-'));

  beforeAll(async () => {
    session = await open(directory);
    const tables = `CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL UNIQUE, tags text[], doc jsonb, at timestamptz, blob bytea);`;
    await Promise.all([session.exec(tables), reference.exec(`DROP TABLE IF EXISTS things; ${tables}`)]);
  }, 60_000);

  afterAll(async () => {
    await session.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const both = async (text: string, params?: unknown[], options?: QueryOptions) => {
    const [ours, theirs] = await Promise.all([session.query(text, params, options), reference.query(text, params, options)]);
    return { ours, theirs };
  };

  it('answers every type as PGlite’s query() does, in each row mode and with a caller’s parsers', async () => {
    for (const options of OPTIONS) {
      const { ours, theirs } = await both(EVERY_TYPE, [], options);
      expect(ours).toEqual(theirs);
      expect(ours.rows).toHaveLength(1);
    }
    const { ours } = await both(EVERY_TYPE);
    const row = ours.rows[0] as Record<string, unknown>;
    expect(row.big).toBe(9007199254740993n);
    expect(row.at).toBeInstanceOf(Date);
    expect(row.blob).toEqual(new Uint8Array([0xde, 0xad, 0xbe, 0xef]));
    expect(row.bom).toBe('bom');
    expect(row.texts).toEqual(['а', 'b c', null]);
  });

  it('sends parameters of every type as PGlite does, and counts the rows a statement changed', async () => {
    const insert = 'INSERT INTO things VALUES ($1, $2, $3, $4, $5, $6), ($7, $8, NULL, NULL, NULL, NULL)';
    const params = [1, 'один', ['a', 'б'], { n: 1, list: [true] }, new Date('2026-11-29T07:00:00Z'), new Uint8Array([1, 2]), 2, 'два'];
    const { ours, theirs } = await both(insert, params);
    expect(ours).toEqual(theirs);
    expect(ours).toMatchObject({ command: 'INSERT', affectedRows: 2, rowCount: 2 });
    for (const options of OPTIONS) {
      const read = await both('SELECT * FROM things WHERE id = ANY($1) ORDER BY id', [[1, 2]], options);
      expect(read.ours).toEqual(read.theirs);
    }
    const update = await both('UPDATE things SET name = name || $1 RETURNING id, name', ['!']);
    expect(update.ours).toEqual(update.theirs);
    expect(update.ours).toMatchObject({ command: 'UPDATE', affectedRows: 2, rowCount: 2 });
    const none = await both('SELECT id FROM things WHERE id = $1', [3]);
    expect(none.ours).toEqual(none.theirs);
    const ddl = await both('CREATE INDEX things_at ON things (at)');
    expect(ddl.ours).toEqual(ddl.theirs);
  });

  it('throws a database error with its code, constraint and statement, and the session goes on', async () => {
    for (const [text, params] of [
      ['INSERT INTO things (id, name) VALUES ($1, $2)', [9, 'один!']],
      ['SELEC 1', []],
      ['SELECT $1::int AS n', ['not a number']],
      ['SELECT 1 / $1 AS n', [0]],
    ] as const) {
      const ours = await session.query(text, [...params]).catch((error: unknown) => error);
      const theirs = await reference.query(text, [...params]).catch((error: unknown) => error);
      expect(ours).toMatchObject({ message: (theirs as Error).message, code: (theirs as { code: string }).code, query: text });
      expect(ours).toMatchObject({ constraint: (theirs as { constraint?: string }).constraint });
    }
    expect((await session.query('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
  });

  it('runs a transaction’s statements in it, and a failed one rolls back', async () => {
    const failed = session.transaction(async (tx) => {
      await tx.query('INSERT INTO things (id, name) VALUES ($1, $2)', [10, 'десять']);
      expect((await tx.query('SELECT count(*)::int AS n FROM things WHERE id = $1', [10])).rows).toEqual([{ n: 1 }]);
      await tx.query('INSERT INTO things (id, name) VALUES ($1, $2)', [11, 'десять']);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect((await session.query('SELECT count(*)::int AS n FROM things WHERE id = $1', [10])).rows).toEqual([{ n: 0 }]);
  });
});
