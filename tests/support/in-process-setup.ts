import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { startAppInProcess, type InProcessApp } from './app-in-process.js';
import { setOwnBackends, type Backend } from './backends.js';
import { createDatabase } from './postgres-cluster.js';
import { startServersFrom } from './server-process.js';

/**
 * Setup of every API and reliability test file: the app in this test process, on a fresh PGlite and
 * (when the run has a PostgreSQL cluster) on a fresh database in it, both copies of migrated templates
 * (global-setup.ts). Started before the file is collected, because files list their backends at
 * collection (`describe.each(backends())`). A file has its servers to itself: no file sees another's
 * data, and parallel files do not queue for one server's event loop.
 */
const postgres = inject('postgres');
startServersFrom(inject('pgliteTemplate'));
const started: InProcessApp[] = [];
afterAll(async () => {
  await Promise.all(started.map((app) => app.stop()));
});

const keep = (app: InProcessApp) => (started.push(app), app);
const databaseUrl = postgres && createDatabase(postgres.clusterUrl, `scanapp_api_${randomBytes(6).toString('hex')}`, postgres.template);
const [pgliteApp, postgresApp] = await Promise.all([
  startAppInProcess({}, { templateDataDir: inject('pgliteTemplate') }).then(keep),
  databaseUrl ? startAppInProcess({ DATABASE_URL: databaseUrl }).then(keep) : undefined,
]);
const list: Backend[] = [{ name: 'pglite', url: pgliteApp.url, dataDir: pgliteApp.dataDir, query: pgliteApp.query }];
if (postgres && postgresApp)
  list.push({
    name: 'postgres',
    url: postgresApp.url,
    dataDir: postgresApp.dataDir,
    clusterUrl: postgres.clusterUrl,
    databaseUrl,
    query: postgresApp.query,
  });
setOwnBackends(list);
