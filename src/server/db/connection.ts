import { once } from 'node:events';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { inThreadSession, type PgliteSession } from './pglite-session.js';
import { PgliteStatements } from './pglite-statements.js';
import { openPgliteWorker, pgliteModule, type PgliteWorkerStopped } from './pglite-worker-client.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; data-access functions accept either. */
export type Executor = Omit<Db, 'transaction'> & Pick<Db, 'transaction'>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /**
   * Runs a multi-statement SQL script (a migration) inside one transaction,
   * then `after` in the same transaction. Drizzle's execute() uses the extended
   * protocol, which takes one statement only, hence the driver-level path.
   */
  runScriptInTransaction(script: string, after: (query: QueryFn) => Promise<void>): Promise<void>;
  query: QueryFn;
  /**
   * pg-boss's database adapter (`db.executeSql`): parameterless text may hold several
   * statements (its schema scripts), which PGlite runs only through `exec`.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs `work` while holding a cluster-wide advisory lock (PGlite has one process anyway). */
  withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  /** How much of the database this instance uses now, for the metrics. */
  usage(): DatabaseUsage;
  close(): Promise<void>;
}

/**
 * PostgreSQL: the pool's connections (open, idle) and the queries waiting for one. PGlite has a
 * single connection: the operations running on it or waiting for it.
 */
export type DatabaseUsage = { kind: 'postgres'; total: number; idle: number; waiting: number } | { kind: 'pglite'; busy: number };

export type QueryFn = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

/**
 * A hot query prepared by name on either database, once per database: node-postgres parses and
 * plans it once per connection (drizzle passes the name on), PGlite once per process
 * (PgliteStatements). Answers the prepared query of a database, built on its first use.
 */
export function namedStatement<Prepared extends { getQuery(): { sql: string } }>(
  name: string,
  prepare: (db: Executor, name: string) => Prepared,
): (db: Executor) => Prepared {
  const prepared = new WeakMap<Executor, Prepared>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db, name);
      const client: unknown = (db as { $client?: unknown }).$client;
      if (client instanceof PgliteStatements) client.name(query.getQuery().sql, name);
      prepared.set(db, query);
    }
    return query;
  };
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  /** PGlite's worker thread stopped while in use: nothing can reach the database any more. */
  onPgliteStopped?: (error: PgliteWorkerStopped) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize)
    : await openPglite(path.join(options.dataDir, 'db'), options.onPgliteStopped);
  return queueWritesEndWithClose(database);
}

/**
 * pg-boss may record a job's end after the instance has shut down (a handler that outlived the
 * queue's stop, e.g. re-queueing a paced mailing it was told to leave). Once the database is
 * closed that write never happens, as the process's exit would drop it: its promise stays pending
 * (no made-up result for pg-boss to read, no rejection unhandled inside it), the job's lease
 * expires and pg-boss runs it again, as after a crash.
 */
function queueWritesEndWithClose(database: Database): Database {
  let closed = false;
  return {
    ...database,
    executeSql: (text, values) => (closed ? new Promise<never>(() => undefined) : database.executeSql(text, values)),
    close: () => {
      closed = true;
      return database.close();
    },
  };
}

/**
 * PGlite's memory (docs/benchmarks.md, "Idle memory on PGlite"): its WebAssembly heap never
 * shrinks, and the stock settings give PostgreSQL 128 MB of shared buffers inside it. The
 * data files live on the host's file system, whose page cache already holds them, so a
 * smaller buffer pool costs little: 32 MB.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * A new data directory is created by initdb in a WebAssembly instance of its own (≈ 400 MB).
 * Closed in this thread, that memory goes only at V8's next full collection, which an idle
 * server may never run: 3 of 4 fresh starts stayed at ≈ 770 MiB RSS instead of ≈ 400. A worker
 * thread's memory goes when the thread ends (first start only, about a second).
 */
async function createPgliteCluster(directory: string): Promise<void> {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const { PGlite } = require(workerData.pglite);
     PGlite.create(workerData.directory, { startParams: workerData.startParams, pgliteWasmModule: workerData.pgliteWasmModule })
       .then((cluster) => cluster.close());`,
    {
      eval: true,
      workerData: {
        pglite: createRequire(import.meta.url).resolve('@electric-sql/pglite'),
        directory,
        startParams: PGLITE_START_PARAMS,
        pgliteWasmModule: await pgliteModule(),
      },
    },
  );
  const [exitCode] = (await once(worker, 'exit')) as [number];
  if (exitCode !== 0 || !existsSync(path.join(directory, 'PG_VERSION')))
    throw new Error(`creating the PGlite database in ${directory} failed (worker exit code ${exitCode})`);
}

async function openPglite(directory: string, onStopped: DatabaseOptions['onPgliteStopped']): Promise<Database> {
  mkdirSync(directory, { recursive: true });
  if (!existsSync(path.join(directory, 'PG_VERSION'))) await createPgliteCluster(directory);
  return pgliteDatabase(await openPgliteWorker({ directory, startParams: PGLITE_START_PARAMS, onStopped }));
}

/** The app's database over an open PGlite: the server's in its worker thread, tests' in-memory ones in theirs. */
export function pgliteDatabase(pglite: PGlite | PgliteSession): Database {
  const client = pglite instanceof PGlite ? inThreadSession(pglite) : pglite;
  // PGlite runs one operation at a time: those begun and not ended are its busy gauge.
  let busy = 0;
  const counted =
    <Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      busy++;
      try {
        return await run(...args);
      } finally {
        busy--;
      }
    };
  const query: QueryFn = counted(async (text, params) => (await client.query(text, params)).rows as never);
  // drizzle calls only query() and transaction() of its client, which PgliteStatements provides.
  const statements = new PgliteStatements(client);
  return {
    kind: 'pglite',
    db: drizzlePglite({ client: statements as unknown as PGlite, schema }) as unknown as Db,
    query,
    executeSql: counted(async (text: string, values?: unknown[]) => {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    }),
    async runScriptInTransaction(script, after) {
      await client.transaction(async (tx) => {
        await tx.exec(script);
        await after(async (text, params) => (await tx.query(text, params)).rows as never);
      });
    },
    withAdvisoryLock: (_key, work) => work(),
    usage: () => ({ kind: 'pglite', busy: busy + statements.busy }),
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Fail fast at start-up on a wrong address or password.
  await pool.query('SELECT 1');
  const query: QueryFn = async (text, params) => (await pool.query(text, params)).rows;
  return {
    kind: 'postgres',
    db: drizzlePostgres({ client: pool, schema }) as unknown as Db,
    query,
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    async runScriptInTransaction(script, after) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(script);
        await after(async (text, params) => (await client.query(text, params)).rows);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async withAdvisoryLock(key, work) {
      // Session-level lock: it must be taken and released on the same connection.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
        client.release();
      }
    },
    usage: () => ({ kind: 'postgres', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
