import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { startAppInProcess, type InProcessApp } from './app-in-process.js';
import { setOwnBackends, type Backend } from './backends.js';
import { createDatabase } from './postgres-cluster.js';
import { ROOT, startServersFrom } from './server-process.js';

/**
 * Files that may run on their worker's app pair, after and before other such files: each test makes
 * sellers of its own and reads only what they own, and nothing in the file moves the demo clock,
 * changes the operator's settings, reads the data folder, checks a digest of whole tables, counts
 * rows of every seller or leaves work queued behind it. Starting a pair (PGlite and PostgreSQL
 * databases copied from templates, `buildApp` twice) costs ≈ 2.5 s of CPU, and most files run for
 * seconds (docs/benchmarks.md, "Test suite time"). Any other file starts a pair of its own.
 */
const FILES_ON_THE_WORKERS_APPS = new Set([
  'account',
  'action-points-settings',
  'action-trust-settings',
  'actions',
  'auth',
  'bot-cabinet',
  'bot-features',
  'buyer-card',
  'exports',
  'faq',
  'http-edge',
  'payments',
  'points-levels',
  'product-guides',
  'referral',
  'surveys',
]);

/**
 * Setup of every API and reliability test file: the app in this test process, on a fresh PGlite and
 * (when the run has a PostgreSQL cluster) on a fresh database in it, both copies of migrated templates
 * (global-setup.ts). Started before the file is collected, because files list their backends at
 * collection (`describe.each(backends())`). A file has its servers to itself (no file sees another's
 * data, and parallel files do not queue for one server's event loop), but for the files above, which
 * share one pair per worker process: files in a worker run one after another.
 */
const postgres = inject('postgres');
startServersFrom(inject('pgliteTemplate'));

interface AppPair {
  backends: Backend[];
  apps: InProcessApp[];
}

/** Both apps; a start that fails stops the one that did start. */
async function startAppPair(): Promise<AppPair> {
  const apps: InProcessApp[] = [];
  const kept = (app: InProcessApp) => (apps.push(app), app);
  const databaseUrl = postgres && createDatabase(postgres.clusterUrl, `scanapp_api_${randomBytes(6).toString('hex')}`, postgres.template);
  const starts = [
    startAppInProcess({}, { templateDataDir: inject('pgliteTemplate') }).then(kept),
    databaseUrl ? startAppInProcess({ DATABASE_URL: databaseUrl }).then(kept) : undefined,
  ] as const;
  let pgliteApp: InProcessApp, postgresApp: InProcessApp | undefined;
  try {
    [pgliteApp, postgresApp] = await Promise.all(starts);
  } catch (error) {
    await Promise.allSettled(starts);
    await Promise.all(apps.map((app) => app.stop()));
    throw error;
  }
  const backends: Backend[] = [{ name: 'pglite', url: pgliteApp.url, dataDir: pgliteApp.dataDir, query: pgliteApp.query }];
  if (postgres && postgresApp)
    backends.push({
      name: 'postgres',
      url: postgresApp.url,
      dataDir: postgresApp.dataDir,
      clusterUrl: postgres.clusterUrl,
      databaseUrl,
      query: postgresApp.query,
    });
  return { backends, apps };
}

const stopPair = (pair: AppPair) => Promise.all(pair.apps.map((app) => app.stop()));

/**
 * The worker's shared pair, kept across its files (`isolate: false` keeps the process). It is
 * stopped when a file with a pair of its own comes next (idle, an app's job queues still poll:
 * ≈ 1–2 s of CPU a minute on PGlite), and started again by the next file that shares; after the worker's
 * last file it goes with the worker.
 */
const WORKERS_PAIR = Symbol.for('scanapp.tests.workers-app-pair');
const worker = globalThis as unknown as { [WORKERS_PAIR]?: Promise<AppPair> };

const testFile = path.relative(ROOT, expect.getState().testPath ?? '');
if (path.dirname(testFile) === 'tests/api' && FILES_ON_THE_WORKERS_APPS.has(path.basename(testFile, '.test.ts'))) {
  const pair = (worker[WORKERS_PAIR] ??= startAppPair().catch((error: unknown) => {
    delete worker[WORKERS_PAIR];
    throw error;
  }));
  setOwnBackends((await pair).backends);
} else {
  const shared = worker[WORKERS_PAIR];
  delete worker[WORKERS_PAIR];
  await shared?.then(stopPair, () => undefined);
  const own = await startAppPair();
  afterAll(() => stopPair(own));
  setOwnBackends(own.backends);
}
