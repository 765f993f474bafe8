import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type QueryFn } from '../../src/server/db/connection.js';
import { migrate } from '../../src/server/db/migrate.js';
import { Lifecycle } from '../../src/server/platform/lifecycle.js';
import { copyDataDir } from './database-templates.js';
import { reservePort } from './free-port.js';
import { testServerEnv } from './server-process.js';

export interface InProcessApp {
  url: string;
  dataDir: string;
  /** Direct SQL on the app's database (either backend), for rows no API writes yet. */
  query: QueryFn;
  /** What SIGTERM starts (main.ts): /ready answers 503, new requests are refused, those in flight finish. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The app from source in this process, opened the way `src/server/main.ts` opens it (config from an
 * environment, database, migrations, `buildApp`, listen), with the same environment as a test server
 * process. No build and no process start: an API test file runs alone in seconds, on today's code.
 */
export async function startAppInProcess(
  env: Record<string, string> = {},
  options: {
    templateDataDir?: string;
    /** A DATA_DIR of the caller's (its PGlite outlives a stop, for a restart on the same database); removed by the caller. */
    keepDataDir?: string;
  } = {},
): Promise<InProcessApp> {
  // Held while the app is built (seconds, with many connections opened): released just before it listens.
  const { port, release } = await reservePort();
  const dataDir = options.keepDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'scanapp-data-'));
  const removeDataDir = () => {
    if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  if (options.templateDataDir) copyDataDir(options.templateDataDir, dataDir);
  // Nobody reads a shared backend's log (a test server process's output is read only by the test that
  // started it); warnings would interleave with the reporter's output.
  const config = loadConfig({ ...testServerEnv(port, dataDir), LOG_LEVEL: 'silent', ...env });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  try {
    await migrate(database);
    const lifecycle = new Lifecycle();
    const app = await buildApp({ config, database, lifecycle });
    try {
      await release();
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      await app.close();
      throw error;
    }
    return {
      url: `http://127.0.0.1:${port}`,
      dataDir,
      query: database.query,
      drain: () => lifecycle.drain(),
      async stop() {
        await app.close();
        await database.close();
        removeDataDir();
      },
    };
  } catch (error) {
    await release();
    await database.close();
    removeDataDir();
    throw error;
  }
}
