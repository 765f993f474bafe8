import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/connection.js';
import { migrate } from '../../src/server/db/migrate.js';
import { createDatabase } from './postgres-cluster.js';
import { ROOT } from './server-process.js';

/**
 * Fresh databases with the schema already in place, for the app each API test file starts. Creating
 * a PGlite cluster and migrating it took 8.6 s on a loaded machine; copying a migrated one, 0.7 s
 * (docs/benchmarks.md, "Test suite time"). Tests that start their own server still migrate from
 * nothing, and tests/api/startup.test.ts covers migrating on both databases.
 */

/** Everything the schema comes from: the database code and its SQL, and PGlite itself. */
function schemaDigest(): string {
  const hash = createHash('sha256');
  const dbDir = path.join(ROOT, 'src/server/db');
  for (const name of readdirSync(dbDir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(dbDir, name);
    if (!name.endsWith('.test.ts') && statSync(file).isFile()) hash.update(name).update('\0').update(readFileSync(file));
  }
  hash.update(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
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
    await migrate(database);
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
  const database = await openDatabase({ databaseUrl: createDatabase(clusterUrl, name), dataDir: ROOT, poolSize: 2 });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  return name;
}
