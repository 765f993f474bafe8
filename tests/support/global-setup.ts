import type { TestProject } from 'vitest/node';
import './backends.js';
import { ensureBuilt } from './build.js';
import { pgliteTemplate, postgresTemplate } from './database-templates.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';

interface Shared {
  pgliteTemplate: string;
  postgres: { clusterUrl: string; template: string } | undefined;
  cluster: PostgresCluster | undefined;
  /** Projects using it whose teardown has not run yet: the last one stops the cluster. */
  users: number;
}

/**
 * One set-up for the API and the reliability projects, made by whichever comes first: vitest runs
 * each project's global set-up in turn, and each made its own cluster and templates before any test
 * started (a module instance per project, hence the process-wide slot).
 */
const SLOT = Symbol.for('scanapp.tests.global-setup');
const slots = globalThis as unknown as { [SLOT]?: Promise<Shared> };

/**
 * Whether this run has PostgreSQL too. Always in CI (required there) and in a run of whole projects
 * (`npm test`, `npm run test:api`). A run of chosen files (`npx vitest run tests/api/faq.test.ts`)
 * is a developer's loop: PGlite only, unless TEST_POSTGRES=1 asks for both. The PostgreSQL half
 * doubled such a file's tests and added a cluster and a migrated template before the first one
 * (docs/benchmarks.md, "Developer loop"). TEST_POSTGRES=0 leaves it out of any run but CI's.
 */
function withPostgres(project: TestProject): boolean {
  if (process.env.CI) return true;
  if (process.env.TEST_POSTGRES) return process.env.TEST_POSTGRES !== '0';
  // The command line's file filters. Not in vitest's typed API: should it go, every run has both databases again.
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  if (!filters?.length) return true;
  console.log('A run of chosen files: API tests on PGlite only (TEST_POSTGRES=1 adds PostgreSQL).');
  return false;
}

async function makeShared(postgres: boolean): Promise<Shared> {
  const [, pglite] = await Promise.all([ensureBuilt(['web']), pgliteTemplate()]);
  if (!postgres) return { pgliteTemplate: pglite, postgres: undefined, cluster: undefined, users: 0 };
  if (!findPostgresBin() && !process.env.CI) {
    console.warn('PostgreSQL server binaries not found: API tests run on PGlite only (apt-get install -y postgresql).');
    return { pgliteTemplate: pglite, postgres: undefined, cluster: undefined, users: 0 };
  }
  const cluster = await startPostgresCluster();
  try {
    return {
      pgliteTemplate: pglite,
      postgres: { clusterUrl: cluster.url, template: await postgresTemplate(cluster.url) },
      cluster,
      users: 0,
    };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}

/**
 * API and reliability tests: each file starts its own app in its own process (in-process-setup.ts).
 * Shared once per run: a throw-away PostgreSQL cluster (when its binaries are installed; CI
 * installs them, and there it is required), migrated databases to copy (database-templates.ts),
 * and the web build the app serves, rebuilt when stale.
 */
export default async function setup(project: TestProject) {
  const shared = await (slots[SLOT] ??= makeShared(withPostgres(project)));
  shared.users += 1;
  project.provide('pgliteTemplate', shared.pgliteTemplate);
  project.provide('postgres', shared.postgres);
  return () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    shared.cluster?.stop();
    delete slots[SLOT];
  };
}
