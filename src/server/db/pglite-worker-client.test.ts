import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankPgliteDirectory } from '../../../tests/support/blank-pglite.js';
import { PG_UNIQUE_VIOLATION, postgresErrorCode } from '../errors.js';
import { pgliteDatabase, type Database } from './connection.js';
import { rowsOf } from './rows.js';
import { openPgliteWorker, PgliteWorkerStopped } from './pglite-worker-client.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'scanapp-pglite-worker-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A worker on a data folder of its own (an empty cluster's copy: no initdb per test). */
let opened = 0;
const open = (onStopped?: (error: PgliteWorkerStopped) => void) =>
  openPgliteWorker({
    directory: blankPgliteDirectory(path.join(scratch, String(++opened))),
    startParams: PGlite.defaultStartParams,
    onStopped,
  });

describe('PGlite in its worker thread', () => {
  let session: Awaited<ReturnType<typeof open>>;
  let database: Database;

  beforeAll(async () => {
    session = await open();
    database = pgliteDatabase(session);
    await session.exec(`
      CREATE TABLE shoppers (id int PRIMARY KEY, name text NOT NULL CONSTRAINT shoppers_name_key UNIQUE, seen_at timestamptz);
      CREATE TABLE pairs (a int, b int, CONSTRAINT pairs_a_key UNIQUE (a) DEFERRABLE INITIALLY DEFERRED);
    `);
  }, 60_000);

  afterAll(async () => {
    await session.close();
  });

  it('answers drizzle as PGlite does in-process: timestamps left as text for drizzle, dates parsed otherwise', async () => {
    await database.db.execute(sql`INSERT INTO shoppers VALUES (1, 'Анна', '2026-11-26T10:00:00Z')`);
    const viaDrizzle = await database.db.execute(sql`SELECT id, name, seen_at FROM shoppers WHERE id = ${1}`);
    expect(rowsOf(viaDrizzle)).toEqual([{ id: 1, name: 'Анна', seen_at: '2026-11-26 10:00:00+00' }]);
    expect(await database.query('SELECT seen_at FROM shoppers WHERE id = $1', [1])).toEqual([
      { seen_at: new Date('2026-11-26T10:00:00Z') },
    ]);
  });

  it('hands a unique violation over with its code and constraint, as the app translates it', async () => {
    const error: unknown = await database.db
      .execute(sql`INSERT INTO shoppers VALUES (2, 'Анна', NULL)`)
      .catch((failure: unknown) => failure);
    expect(postgresErrorCode(error)).toBe(PG_UNIQUE_VIOLATION);
    expect(error).toMatchObject({ cause: { code: '23505', constraint: 'shoppers_name_key', table: 'shoppers' } });
  });

  it('hands a serialization failure over with its code', async () => {
    const failure = database.query(
      `DO $$ BEGIN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = 'serialization_failure'; END $$`,
    );
    await expect(failure).rejects.toMatchObject({ code: '40001', message: 'could not serialize access' });
  });

  it('rolls a failed transaction back whole, and keeps the statements of one transaction apart from others', async () => {
    const failed = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO shoppers VALUES (3, 'Борис', NULL)`);
      // Sent meanwhile outside the transaction: it waits for it, and never sees its row.
      const outside = database.query<{ n: number }>('SELECT count(*)::int AS n FROM shoppers WHERE id = 3');
      await tx.execute(sql`INSERT INTO shoppers VALUES (4, 'Анна', NULL)`);
      return outside;
    });
    await expect(failed).rejects.toSatisfy((error) => postgresErrorCode(error) === PG_UNIQUE_VIOLATION);
    expect(await database.query('SELECT id FROM shoppers ORDER BY id')).toEqual([{ id: 1 }]);
  });

  it('fails a transaction whose COMMIT fails, with the code of the deferred check', async () => {
    const commit = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO pairs VALUES (1, 1), (1, 2)`);
    });
    await expect(commit).rejects.toSatisfy((error) => postgresErrorCode(error) === PG_UNIQUE_VIOLATION);
    expect(await database.query('SELECT count(*)::int AS n FROM pairs')).toEqual([{ n: 0 }]);
  });

  it('refuses a query option that cannot cross the thread boundary, and goes on', async () => {
    await expect(session.query('SELECT 1', [], { serializers: { 23: String } })).rejects.toThrow('cannot cross to its worker thread');
    expect((await session.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('sends the statements of one turn in one message and has them answered in one, each its own answer', async () => {
    const messages: unknown[][] = [];
    const count = (replies: unknown[]) => messages.push(replies);
    session.worker.on('message', count);
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) => session.query<{ n: number }>('SELECT $1::int AS n', [index])),
      );
      expect(answers.map((answer) => answer.rows)).toEqual(Array.from({ length: 10 }, (_, index) => [{ n: index }]));
    } finally {
      session.worker.off('message', count);
    }
    expect(messages.map((replies) => replies.length)).toEqual([10]);
  });
});

describe('a PGlite worker that stops', () => {
  it('fails what was waiting and everything after it, and tells its owner once', async () => {
    const stopped: PgliteWorkerStopped[] = [];
    const session = await open((error) => stopped.push(error));
    const waiting = session.query('SELECT pg_sleep(2)');
    await session.worker.terminate();
    await expect(waiting).rejects.toBeInstanceOf(PgliteWorkerStopped);
    await expect(session.query('SELECT 1')).rejects.toThrow("the PGlite database's worker thread stopped");
    await expect(session.transaction(async () => undefined)).rejects.toBeInstanceOf(PgliteWorkerStopped);
    expect(stopped).toHaveLength(1);
  }, 60_000);

  // A folder of another PostgreSQL version fails at once; a file in its place (Emscripten's ENOTDIR,
  // its message tested in pglite-wire.test.ts) ran initdb first, 6 s alone and 57 s in the full run.
  it('fails the start when PGlite cannot open its directory', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-pglite-worker-'));
    writeFileSync(path.join(dir, 'PG_VERSION'), '99\n');
    try {
      const stopped: PgliteWorkerStopped[] = [];
      const opening = openPgliteWorker({
        directory: dir,
        startParams: PGlite.defaultStartParams,
        onStopped: (error) => stopped.push(error),
      });
      await expect(opening).rejects.toThrow('PGlite failed to initialize');
      // The start's own failure is the answer; its thread, ended with it, is not reported as a stop.
      expect(stopped).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('is not told of its own close', async () => {
    const stopped: PgliteWorkerStopped[] = [];
    const session = await open((error) => stopped.push(error));
    await session.close();
    await expect(session.query('SELECT 1')).rejects.toBeInstanceOf(PgliteWorkerStopped);
    expect(stopped).toEqual([]);
  }, 60_000);
});
