import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankPglite } from '../../../tests/support/blank-pglite.js';
import { pgliteDatabase, type Database } from './connection.js';
import { migrate } from './migrate.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const MIGRATIONS_DIR = path.join(REPO, 'src/server/db/migrations');
const FUNCTIONS_DIR = path.join(REPO, 'src/server/db/functions');

/** The last commit whose migrations defined the stored functions themselves (before functions/). */
const BEFORE_FUNCTION_FILES = 'ec89437e1b4f06d27d3dec5c0b2c56e160b69ebf';
const MIGRATIONS_PATH = 'src/server/db/migrations';

/**
 * A shallow clone (some CI checkouts) lacks that commit: the upgrade test is then skipped, loudly,
 * rather than failing on something the code under test did not do.
 */
const HAS_OLD_MIGRATIONS = (() => {
  try {
    execFileSync('git', ['cat-file', '-e', `${BEFORE_FUNCTION_FILES}^{commit}`], { cwd: REPO, stdio: 'ignore' });
    return true;
  } catch {
    console.warn(`git history without ${BEFORE_FUNCTION_FILES}: the upgrade-from-old-migrations test is skipped`);
    return false;
  }
})();

let scratch: string;
let fresh: Database;
let upgraded: Database;

/** Writes that commit's migrations into a folder, as a database migrated by that code ran them. */
async function oldMigrations(): Promise<{ directory: string; names: string[] }> {
  const directory = path.join(scratch, 'old-migrations');
  await mkdir(directory);
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      throw new Error(`this test reads the migrations of commit ${BEFORE_FUNCTION_FILES} from the git history: ${String(error)}`);
    }
  };
  const names = git('ls-tree', '--name-only', `${BEFORE_FUNCTION_FILES}:${MIGRATIONS_PATH}`)
    .split('\n')
    .filter((name) => name.endsWith('.sql'));
  for (const name of names) await writeFile(path.join(directory, name), git('show', `${BEFORE_FUNCTION_FILES}:${MIGRATIONS_PATH}/${name}`));
  return { directory, names };
}

/** The schema as the catalogue describes it: what a function, trigger, column, index or constraint is, not how it got there. */
async function catalogue(database: Database) {
  const rows = (text: string) => database.query<Record<string, unknown>>(text);
  return {
    functions: await rows(
      `SELECT p.proname AS name, pg_get_function_identity_arguments(p.oid) AS arguments, pg_get_functiondef(p.oid) AS definition
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY 1, 2`,
    ),
    triggers: await rows(
      `SELECT c.relname AS "table", t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND NOT t.tgisinternal ORDER BY 1, 2`,
    ),
    columns: await rows(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> 'schema_functions' ORDER BY 1, 2`,
    ),
    indexes: await rows(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'schema_functions' ORDER BY 1`,
    ),
    constraints: await rows(
      `SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid <> 'schema_migrations'::regclass
          AND conname NOT LIKE 'schema_functions%' ORDER BY 1, 2`,
    ),
  };
}

const sqlFiles = async (directory: string) => (await readdir(directory)).filter((file) => file.endsWith('.sql')).sort();
const functionFiles = () => sqlFiles(FUNCTIONS_DIR);

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'scanapp-migrate-'));
  fresh = pgliteDatabase(await blankPglite());
  upgraded = pgliteDatabase(await blankPglite());
}, 120_000);

afterAll(async () => {
  await fresh?.close();
  await upgraded?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('migrations and stored functions', () => {
  it('a fresh database runs every migration, then applies every function file once; the next start applies nothing', async () => {
    const first = await migrate(fresh);
    expect(first.migrations.length).toBeGreaterThan(20);
    expect(first.functions).toEqual(await functionFiles());
    expect(await migrate(fresh)).toEqual({ migrations: [], functions: [] });
  }, 120_000);

  it('each stored function is defined in exactly one file, and no migration defines one', async () => {
    const definedIn = new Map<string, string[]>();
    for (const file of await functionFiles()) {
      const text = await readFile(path.join(FUNCTIONS_DIR, file), 'utf8');
      for (const [, name] of text.matchAll(/CREATE OR REPLACE FUNCTION (\w+)/g))
        definedIn.set(name!, [...(definedIn.get(name!) ?? []), file]);
    }
    for (const [name, files] of definedIn) expect(files, name).toEqual([`${name}.sql`]);
    for (const file of await sqlFiles(MIGRATIONS_DIR)) {
      expect(await readFile(path.join(MIGRATIONS_DIR, file), 'utf8'), file).not.toMatch(/CREATE (OR REPLACE )?(FUNCTION|TRIGGER)/);
    }
    const stored = (
      await fresh.query<{ name: string }>(`SELECT proname AS name FROM pg_proc WHERE pronamespace = 'public'::regnamespace`)
    ).map((row) => row.name);
    expect(stored.sort()).toEqual([...definedIn.keys()].sort());
  });

  it.skipIf(!HAS_OLD_MIGRATIONS)(
    'a database migrated before the functions had their files ends in exactly the schema of a fresh one',
    async () => {
      const old = await oldMigrations();
      // What the old runner did: those migrations, no function files.
      const none = path.join(scratch, 'no-functions');
      await mkdir(none);
      await migrate(upgraded, { migrationsDir: old.directory, functionsDir: none });

      const upgrade = await migrate(upgraded);

      const newer = (await sqlFiles(MIGRATIONS_DIR)).filter((name) => !old.names.includes(name));
      expect(upgrade).toEqual({ migrations: newer, functions: await functionFiles() });
      expect(await catalogue(upgraded)).toEqual(await catalogue(fresh));
    },
    120_000,
  );

  it('applies again only a function file whose text changed, and records its new hash', async () => {
    const changed = path.join(scratch, 'changed-functions');
    await cp(FUNCTIONS_DIR, changed, { recursive: true });
    const file = path.join(changed, 'analytics_product_name.sql');
    await writeFile(file, (await readFile(file, 'utf8')).replace('left(btrim(name), 300)', 'left(btrim(name), 3)'));
    const nameOf = async (database: Database) =>
      (await database.query<{ name: string }>(`SELECT analytics_product_name('  Кефир 1% ') AS name`))[0]!.name;
    const hash = async () =>
      (await fresh.query<{ sha256: string }>(`SELECT sha256 FROM schema_functions WHERE name = 'analytics_product_name.sql'`))[0]!.sha256;
    const original = await hash();

    expect(await migrate(fresh, { functionsDir: changed })).toEqual({ migrations: [], functions: ['analytics_product_name.sql'] });
    expect(await nameOf(fresh)).toBe('Кеф');
    expect(await hash()).not.toBe(original);

    expect(await migrate(fresh)).toEqual({ migrations: [], functions: ['analytics_product_name.sql'] });
    expect(await nameOf(fresh)).toBe('Кефир 1%');
    expect(await hash()).toBe(original);
  });

  it('a function file that fails changes nothing: not the function, not its recorded hash', async () => {
    const broken = path.join(scratch, 'broken-functions');
    await cp(FUNCTIONS_DIR, broken, { recursive: true });
    const file = path.join(broken, 'analytics_product_name.sql');
    await writeFile(
      file,
      `${(await readFile(file, 'utf8')).replace('left(btrim(name), 300)', 'left(btrim(name), 3)')}\nSELECT no_such_function();\n`,
    );
    const recorded = await fresh.query(`SELECT name, sha256 FROM schema_functions ORDER BY name`);

    await expect(migrate(fresh, { functionsDir: broken })).rejects.toThrow(/no_such_function/);
    expect((await fresh.query<{ name: string }>(`SELECT analytics_product_name('Кефир 1%') AS name`))[0]!.name).toBe('Кефир 1%');
    expect(await fresh.query(`SELECT name, sha256 FROM schema_functions ORDER BY name`)).toEqual(recorded);
  });
});
