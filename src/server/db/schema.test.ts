import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankPglite } from '../../../tests/support/blank-pglite.js';
import { pgliteDatabase, type Database } from './connection.js';
import { migrate } from './migrate.js';
import * as schema from './schema.js';

// Schema drift: schema.ts (what the code reads and writes through drizzle) against the database
// the migrations build (the source of truth), column by column.

/** Tables of the database that schema.ts leaves out: the migrator's own bookkeeping (migrate.ts). */
const TABLES_WITHOUT_DRIZZLE = {
  schema_migrations: true,
  schema_functions: true,
} as const;

let database: Database;

beforeAll(async () => {
  database = pgliteDatabase(await blankPglite());
  await migrate(database);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

interface Column {
  type: string;
  notNull: boolean;
}

/** "numeric(12, 2)" and "numeric(12,2)" are one type; drizzle and format_type() differ in spacing only. */
const normalType = (type: string) =>
  type
    .toLowerCase()
    .replace(/\s*,\s*/g, ',')
    .trim();

function drizzleTables(): Map<string, Map<string, Column>> {
  const tables = new Map<string, Map<string, Column>>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    tables.set(
      config.name,
      new Map(config.columns.map((column) => [column.name, { type: normalType(column.getSQLType()), notNull: column.notNull }])),
    );
  }
  return tables;
}

async function databaseTables(): Promise<Map<string, Map<string, Column>>> {
  // information_schema names the columns; format_type() gives the type with its precision and array-ness.
  const rows = await database.query<{ table_name: string; column_name: string; type: string; is_nullable: string }>(
    `SELECT c.table_name, c.column_name, c.is_nullable,
            format_type(a.atttypid, a.atttypmod) AS type
       FROM information_schema.columns c
       JOIN pg_attribute a ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass AND a.attname = c.column_name
      WHERE c.table_schema = 'public'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, Map<string, Column>>();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? new Map<string, Column>();
    columns.set(row.column_name, { type: normalType(row.type), notNull: row.is_nullable === 'NO' });
    tables.set(row.table_name, columns);
  }
  return tables;
}

describe('schema.ts against the migrated database', () => {
  it('names every table of the database, except the ones listed as kept outside drizzle', async () => {
    const inDatabase = [...(await databaseTables()).keys()];
    expect(inDatabase).toEqual(expect.arrayContaining(Object.keys(TABLES_WITHOUT_DRIZZLE)));
    expect([...drizzleTables().keys()].sort()).toEqual(inDatabase.filter((table) => !(table in TABLES_WITHOUT_DRIZZLE)).sort());
  });

  it('gives every table exactly the database columns, with their types and nullability', async () => {
    const inDatabase = await databaseTables();
    for (const [table, columns] of drizzleTables()) {
      expect(Object.fromEntries(columns), table).toEqual(Object.fromEntries(inDatabase.get(table) ?? []));
    }
  });
});
