import { inject } from 'vitest';
import pg from 'pg';
import type { QueryFn } from '../../src/server/db/connection.js';

export interface Backend {
  name: 'pglite' | 'postgres';
  url: string;
  /** The server's DATA_DIR, for tests that check what was (not) written to disk. */
  dataDir: string;
  /** Set for the PostgreSQL backend: tests that start their own server get a fresh database in it. */
  clusterUrl?: string;
  /** Set for the API tests' in-process apps (both databases): direct SQL on the app's database. */
  query?: QueryFn;
  /** Set for the PostgreSQL backend: the database the app runs on, for direct SQL (`withPostgres`). */
  databaseUrl?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built server of the browser tests (tests/support/global-setup-e2e.ts). */
    backends: Backend[];
    /** A migrated PGlite DATA_DIR to copy (tests/support/database-templates.ts). */
    pgliteTemplate: string;
    /** The throw-away PostgreSQL cluster of the API and reliability tests (when its binaries are installed) and its migrated template database. */
    postgres: { clusterUrl: string; template: string } | undefined;
  }
}

/** This file's own backends (tests/support/in-process-setup.ts), set before the file is collected. */
let ownBackends: Backend[] | undefined;

export function setOwnBackends(list: Backend[]): void {
  ownBackends = list;
}

/** The app once per database: in this process for API and reliability files, the built server for browser tests. */
export function backends(): Backend[] {
  return ownBackends ?? inject('backends');
}

/** Direct SQL on the PostgreSQL backend's database, to check what was (not) stored. */
export async function withPostgres<T>(backend: Backend, work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!backend.databaseUrl) throw new Error('only the postgres backend exposes its database');
  const client = new pg.Client({ connectionString: backend.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
