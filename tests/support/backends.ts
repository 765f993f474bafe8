import { inject } from 'vitest';
import pg from 'pg';
import type { Backend } from './global-setup.js';

export function backends(): Backend[] {
  return inject('backends');
}

/** Direct SQL on the PostgreSQL backend's database, to check what was (not) stored. */
export async function withPostgres<T>(backend: Backend, work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!backend.clusterUrl) throw new Error('only the postgres backend exposes its database');
  const client = new pg.Client({ connectionString: backend.clusterUrl.replace(/\/[^/]+$/, '/scanapp_api') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
