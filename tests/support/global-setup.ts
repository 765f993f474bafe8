import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPostgresCluster, createDatabase, type PostgresCluster } from './postgres-cluster.js';
import { startServer, type RunningServer } from './server-process.js';

export interface Backend {
  name: 'pglite' | 'postgres';
  url: string;
  /** The server's DATA_DIR, for tests that check what was (not) written to disk. */
  dataDir: string;
  /** Set for the PostgreSQL backend: tests that start their own server get a fresh database in it. */
  clusterUrl?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    backends: Backend[];
  }
}

/**
 * Starts the app once per database: embedded PGlite always, and a real PostgreSQL
 * server when its binaries are installed (CI installs them; there it is required).
 */
export default async function setup(project: TestProject) {
  const servers: RunningServer[] = [];
  let cluster: PostgresCluster | undefined;
  const backends: Backend[] = [];
  try {
    const pglite = await startServer();
    servers.push(pglite);
    backends.push({ name: 'pglite', url: pglite.url, dataDir: pglite.dataDir });

    const wantPostgres = project.config.name === 'api';
    if (wantPostgres && (findPostgresBin() || process.env.CI)) {
      cluster = await startPostgresCluster();
      const postgres = await startServer({ DATABASE_URL: createDatabase(cluster.url, 'scanapp_api') });
      servers.push(postgres);
      backends.push({ name: 'postgres', url: postgres.url, dataDir: postgres.dataDir, clusterUrl: cluster.url });
    } else if (wantPostgres) {
      console.warn('PostgreSQL server binaries not found: API tests run on PGlite only (apt-get install -y postgresql).');
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    cluster?.stop();
    throw error;
  }
  project.provide('backends', backends);

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    cluster?.stop();
  };
}
