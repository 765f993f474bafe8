import type { TestProject } from 'vitest/node';
import './backends.js';
import { ensureBuilt } from './build.js';
import { pgliteTemplate, postgresTemplate } from './database-templates.js';
import { findPostgresBin, startPostgresCluster } from './postgres-cluster.js';

/**
 * API and reliability tests: each file starts its own app in its own process (in-process-setup.ts).
 * Shared once per run: a throw-away PostgreSQL cluster (when its binaries are installed; CI
 * installs them, and there it is required), migrated databases to copy (database-templates.ts),
 * and the web build the app serves, rebuilt when stale.
 */
export default async function setup(project: TestProject) {
  const [, pglite] = await Promise.all([ensureBuilt(['web']), pgliteTemplate()]);
  project.provide('pgliteTemplate', pglite);
  if (!findPostgresBin() && !process.env.CI) {
    console.warn('PostgreSQL server binaries not found: API tests run on PGlite only (apt-get install -y postgresql).');
    project.provide('postgres', undefined);
    return;
  }
  const cluster = await startPostgresCluster();
  try {
    project.provide('postgres', { clusterUrl: cluster.url, template: await postgresTemplate(cluster.url) });
  } catch (error) {
    cluster.stop();
    throw error;
  }
  return () => cluster.stop();
}
