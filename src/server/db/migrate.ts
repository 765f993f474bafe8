import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './connection.js';

// Resolves to <repo>/src/server/db/migrations from both src/server/db and dist/server/db,
// so the compiled server reads the same .sql files without a copy step.
const MIGRATIONS_DIR = fileURLToPath(new URL('../../../src/server/db/migrations/', import.meta.url));

/** An arbitrary constant key: several app instances starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_342_001;

export async function migrate(database: Database, directory = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.sql')).sort();
  return database.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
    await database.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const script = await readFile(`${directory}/${file}`, 'utf8');
      await database.runScriptInTransaction(script, async (query) => {
        await query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      });
      applied.push(file);
    }
    return applied;
  });
}
