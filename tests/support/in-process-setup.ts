import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { startAppInProcess, type InProcessApp } from './app-in-process.js';
import { setOwnBackends, type Backend } from './backends.js';
import { createDatabase } from './postgres-cluster.js';

/**
 * Setup of every API and reliability test file: the app in this test process, on a fresh PGlite and
 * (when the run has a PostgreSQL cluster) on a fresh database in it. Started before the file is
 * collected, because files list their backends at collection (`describe.each(backends())`).
 * A file has its servers to itself: no file sees another's data, and parallel files do not queue
 * for one server's event loop.
 */
const clusterUrl = inject('postgresClusterUrl');
const started: InProcessApp[] = [];
afterAll(async () => {
  await Promise.all(started.map((app) => app.stop()));
});

const databaseUrl = clusterUrl ? createDatabase(clusterUrl, `scanapp_api_${randomBytes(6).toString('hex')}`) : undefined;
const [pglite, postgres] = await Promise.all([
  startAppInProcess().then((app) => (started.push(app), app)),
  databaseUrl ? startAppInProcess({ DATABASE_URL: databaseUrl }).then((app) => (started.push(app), app)) : undefined,
]);
const list: Backend[] = [{ name: 'pglite', url: pglite.url, dataDir: pglite.dataDir }];
if (postgres) list.push({ name: 'postgres', url: postgres.url, dataDir: postgres.dataDir, clusterUrl, databaseUrl });
setOwnBackends(list);
