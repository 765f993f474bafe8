import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/connection.js';
import { migrate } from '../../src/server/db/migrate.js';
import { freePort } from './free-port.js';
import { createDatabase } from './postgres-cluster.js';
import { ROOT, testServerEnv } from './server-process.js';

/**
 * Fresh databases with the schema already in place, for the app each API test file starts. Creating
 * a PGlite cluster and migrating it took 8.6 s on a loaded machine; copying a migrated one, 0.7 s
 * (docs/benchmarks.md, "Test suite time"). The job queue's tables and queues are set up in them
 * too, as the app's first start sets them up. tests/api/startup.test.ts covers migrating from
 * nothing on both databases (a server started on a data folder or database of its own).
 */

/** Everything the schema comes from: the database code and its SQL, the jobs the app queues, PGlite and pg-boss. */
function schemaDigest(): string {
  const hash = createHash('sha256');
  for (const dir of ['src/server/db', 'src/server/jobs']) {
    for (const name of readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).sort()) {
      const file = path.join(ROOT, dir, name);
      if (!name.endsWith('.test.ts') && statSync(file).isFile()) hash.update(name).update('\0').update(readFileSync(file));
    }
  }
  hash.update(readFileSync(path.join(ROOT, 'src/server/app.ts')));
  for (const pkg of ['@electric-sql/pglite', 'pg-boss']) hash.update(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrates, then starts and stops the app on the database once: pg-boss makes its schema, the
 * app's queues and schedules at the first start (≈ 1.5 s of CPU per start on PGlite). The jobs that
 * start queued are dropped: each app queues its own. Whatever the template lacks, the app's start
 * still makes (pg-boss's set-up is idempotent), so a template behind the code is slower, never wrong.
 */
async function prepare(database: Database, dataDir: string): Promise<void> {
  await migrate(database);
  const { buildApp } = await import('../../src/server/app.js');
  const app = await buildApp({ config: loadConfig({ ...testServerEnv(await freePort(), dataDir), LOG_LEVEL: 'silent' }), database });
  await app.close();
  await database.query('DELETE FROM pgboss.job');
}

/**
 * A migrated PGlite DATA_DIR, made once per schema and kept in .tmp/ between runs (a run after a
 * change to the schema makes a new one); copy it with `copyDataDir`.
 */
export async function pgliteTemplate(): Promise<string> {
  const templates = path.join(ROOT, '.tmp/pglite-templates');
  const dir = path.join(templates, schemaDigest());
  if (existsSync(dir)) return dir;
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const database = await openDatabase({ databaseUrl: undefined, dataDir: building, poolSize: 2 });
  try {
    await prepare(database, building);
  } finally {
    await database.close();
  }
  // The finished one appears at once (a rename), never half-made; older schemas' templates go.
  renameSync(building, dir);
  for (const old of readdirSync(templates)) {
    if (path.join(templates, old) !== dir) rmSync(path.join(templates, old), { recursive: true, force: true });
  }
  return dir;
}

export function copyDataDir(template: string, dataDir: string): void {
  cpSync(template, dataDir, { recursive: true });
}

/** A migrated database in the cluster, for `CREATE DATABASE … TEMPLATE` (no one may stay connected to it). */
export async function postgresTemplate(clusterUrl: string): Promise<string> {
  const name = 'scanapp_template';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-template-'));
  const database = await openDatabase({ databaseUrl: createDatabase(clusterUrl, name), dataDir, poolSize: 2 });
  try {
    await prepare(database, dataDir);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return name;
}
