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

async function makeShared(): Promise<Shared> {
  const [, pglite] = await Promise.all([ensureBuilt(['web']), pgliteTemplate()]);
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
  const shared = await (slots[SLOT] ??= makeShared());
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
