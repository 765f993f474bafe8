import type { TestProject } from 'vitest/node';
import './backends.js';
import { ensureBuilt } from './build.js';
import { findPostgresBin, startPostgresCluster } from './postgres-cluster.js';

/**
 * API and reliability tests: each file starts its own app in its own process (in-process-setup.ts).
 * Shared once per run: a throw-away PostgreSQL cluster (when its binaries are installed; CI
 * installs them, and there it is required), and the web build the app serves, rebuilt when stale.
 */
export default async function setup(project: TestProject) {
  await ensureBuilt(['web']);
  if (!findPostgresBin() && !process.env.CI) {
    console.warn('PostgreSQL server binaries not found: API tests run on PGlite only (apt-get install -y postgresql).');
    project.provide('postgresClusterUrl', undefined);
    return;
  }
  const cluster = await startPostgresCluster();
  project.provide('postgresClusterUrl', cluster.url);
  return () => cluster.stop();
}
