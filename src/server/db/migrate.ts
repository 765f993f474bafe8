import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './connection.js';

// Resolve to <repo>/src/server/db/{migrations,functions} from both src/server/db and dist/server/db,
// so the compiled server reads the same .sql files without a copy step.
const MIGRATIONS_DIR = fileURLToPath(new URL('../../../src/server/db/migrations/', import.meta.url));
const FUNCTIONS_DIR = fileURLToPath(new URL('../../../src/server/db/functions/', import.meta.url));

/** An arbitrary constant key: several app instances starting together migrate one at a time. */
export const MIGRATION_LOCK_KEY = 7_342_001;

export interface MigrateOptions {
  migrationsDir?: string;
  functionsDir?: string;
}

/**
 * Brings the database to the code's schema: first every migration not yet run (tables, indexes,
 * data; each once, in name order), then every stored function whose file's text changed since it
 * was last applied (repeatable, like Flyway's `R__` scripts). Functions come second, so a trigger
 * in a function's file finds its table; a migration must not need a function. Answers what it ran.
 */
export async function migrate(
  database: Database,
  { migrationsDir = MIGRATIONS_DIR, functionsDir = FUNCTIONS_DIR }: MigrateOptions = {},
): Promise<{ migrations: string[]; functions: string[] }> {
  return database.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
    const migrations = await runMigrations(database, migrationsDir);
    const functions = await applyFunctions(database, functionsDir);
    return { migrations, functions };
  });
}

async function sqlFiles(directory: string): Promise<string[]> {
  return (await readdir(directory)).filter((file) => file.endsWith('.sql')).sort();
}

async function runMigrations(database: Database, directory: string): Promise<string[]> {
  await database.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       name text PRIMARY KEY,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const done = new Set((await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
  const applied: string[] = [];
  for (const file of await sqlFiles(directory)) {
    if (done.has(file)) continue;
    const script = await readFile(`${directory}/${file}`, 'utf8');
    await database.runScriptInTransaction(script, async (query) => {
      await query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}

/**
 * One file per stored function (`<name>.sql`: CREATE OR REPLACE FUNCTION, and CREATE OR REPLACE
 * TRIGGER for a trigger's function), applied in name order, each in its own transaction with its
 * text's hash. Name order is enough: PL/pgSQL resolves the functions it calls when it runs, and
 * the SQL-language ones call none; a newly called function's name sorts before its caller's
 * (`add_points` before `award_receipt`), so during a rolling deploy no new caller runs before the
 * function it calls exists. Removing a function, or changing its arguments (which makes a
 * second function), takes an explicit DROP FUNCTION in a migration or in its file.
 */
async function applyFunctions(database: Database, directory: string): Promise<string[]> {
  await database.query(
    `CREATE TABLE IF NOT EXISTS schema_functions (
       name text PRIMARY KEY,
       sha256 text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const recorded = new Map(
    (await database.query<{ name: string; sha256: string }>('SELECT name, sha256 FROM schema_functions')).map((row) => [
      row.name,
      row.sha256,
    ]),
  );
  const applied: string[] = [];
  for (const file of await sqlFiles(directory)) {
    const script = await readFile(`${directory}/${file}`, 'utf8');
    const sha256 = createHash('sha256').update(script).digest('hex');
    if (recorded.get(file) === sha256) continue;
    await database.runScriptInTransaction(script, async (query) => {
      await query(
        `INSERT INTO schema_functions (name, sha256) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET sha256 = EXCLUDED.sha256, applied_at = now()`,
        [file, sha256],
      );
    });
    applied.push(file);
  }
  return applied;
}
