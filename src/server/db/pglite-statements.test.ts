import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankPglite, blankPgliteDirectory } from '../../../tests/support/blank-pglite.js';
import { inThreadSession, type PgliteSession } from './pglite-session.js';
import { PgliteStatements } from './pglite-statements.js';
import { openPgliteWorker } from './pglite-worker-client.js';

const byId = 'SELECT id, name, seen_at, flag, amount, $2::text AS echo FROM things WHERE id = $1';

describe.each([
  { where: 'in this thread', open: async () => inThreadSession(await blankPglite()) },
  {
    where: 'in its worker thread',
    open: (directory: string) => openPgliteWorker({ directory: blankPgliteDirectory(directory), startParams: PGlite.defaultStartParams }),
  },
])('PgliteStatements on a PGlite $where', ({ open }) => {
  let client: PgliteSession;
  let statements: PgliteStatements;
  const directory = mkdtempSync(path.join(os.tmpdir(), 'scanapp-statements-'));

  beforeAll(async () => {
    client = await open(directory);
    await client.exec(`
      CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL, seen_at timestamptz, flag boolean, amount bigint);
      INSERT INTO things VALUES (1, 'один', '2026-11-25T10:00:00Z', true, 9007199254740993), (2, 'два', NULL, false, 2);
    `);
    statements = new PgliteStatements(client);
  }, 60_000);

  afterAll(async () => {
    await client.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const preparedNames = async () =>
    (await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((row) => row.name);

  it('answers a named statement exactly as PGlite answers the same query, and parses it once', async () => {
    statements.name(byId, 'thing_by_id');
    for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } }]) {
      for (const params of [
        [1, 'а'],
        [2, null],
        [3, 'нет такой'],
      ]) {
        const named = await statements.query(byId, params, options);
        const plain = await client.query(byId, params, options);
        expect(named.rows).toEqual(plain.rows);
        expect(named.fields).toEqual(plain.fields);
      }
    }
    expect((await statements.query<{ seen_at: unknown }>(byId, [1, 'а'])).rows[0]?.seen_at).toBeInstanceOf(Date);
    expect(await preparedNames()).toEqual(['thing_by_id']);
  });

  it('sends dates, booleans and big integers as PostgreSQL reads them, and refuses what it cannot send as text', async () => {
    const text = 'SELECT $1::timestamptz AS at, $2::boolean AS yes, $3::bigint AS big';
    statements.name(text, 'scalars');
    const { rows } = await statements.query<{ at: Date; yes: boolean; big: bigint }>(text, [
      new Date('2026-11-25T10:00:00Z'),
      true,
      9007199254740993n,
    ]);
    expect(rows[0]).toEqual({ at: new Date('2026-11-25T10:00:00Z'), yes: true, big: 9007199254740993n });
    await expect(statements.query(text, [null, ['a'], null])).rejects.toThrow('parameter $2 of a named statement must be a scalar');
  });

  it('reports a database error with its code, and the statement keeps working', async () => {
    const text = 'SELECT 10 / $1::int AS quotient';
    statements.name(text, 'divide');
    await expect(statements.query(text, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await statements.query(text, [5])).rows).toEqual([{ quotient: 2 }]);
  });

  it('parses a statement PostgreSQL refused again on the next call', async () => {
    const text = 'SELECT count(*)::int AS n FROM later_things';
    statements.name(text, 'later');
    await expect(statements.query(text)).rejects.toMatchObject({ code: '42P01' });
    await client.exec('CREATE TABLE later_things (id int)');
    expect((await statements.query(text)).rows).toEqual([{ n: 0 }]);
  });

  it('waits for another caller’s transaction instead of running inside it', async () => {
    const count = 'SELECT count(*)::int AS n FROM things';
    statements.name(count, 'count_things');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted = () => {};
    const insertedRow = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = statements.transaction(async (tx) => {
      await tx.query("INSERT INTO things (id, name) VALUES (3, 'три')");
      inserted();
      await held;
      throw new Error('rolled back');
    });
    await insertedRow;
    const counted = statements.query<{ n: number }>(count);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    // Run inside the transaction it would have seen the uncommitted row.
    expect((await counted).rows).toEqual([{ n: 2 }]);
  });

  it('runs other queries through PGlite as they are, and keeps one text per name', async () => {
    expect((await statements.query('SELECT $1::int + 1 AS next', [41])).rows).toEqual([{ next: 42 }]);
    expect(await preparedNames()).not.toContain('SELECT $1::int + 1 AS next');
    expect(() => statements.name('SELECT 2', 'thing_by_id')).toThrow('statement name "thing_by_id" is already given to another query');
    expect(() => statements.name(byId, 'thing_by_id')).not.toThrow();
  });
});
