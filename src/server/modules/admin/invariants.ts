import { sql } from 'drizzle-orm';
import { namedStatement, type Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import type { Invariant } from '../../platform/manifest.js';

/** Violations listed per check at most: one is enough to act on, thousands flood a terminal. */
const LIMIT_PER_CHECK = 50;

export interface Violation {
  check: string;
  detail: string;
}

/**
 * Runs the checks of what must hold in the data after any sequence of requests, faults and
 * restarts: each module's manifest lists its own (`invariants`), each one query returning a row
 * (`detail`) per violation; `npm run admin -- verify`, the fault tests and the fuzzing run them all.
 */
export async function verifyInvariants(db: Executor, checks: readonly Invariant[]): Promise<{ checks: string[]; violations: Violation[] }> {
  const violations: Violation[] = [];
  for (const check of checks) {
    const rows = rowsOf(await db.execute(sql.raw(`SELECT detail FROM (${check.query}) AS violations LIMIT ${LIMIT_PER_CHECK}`)));
    for (const row of rows) violations.push({ check: check.name, detail: String(row.detail) });
  }
  return { checks: checks.map((check) => check.name), violations };
}

/**
 * Tables whose change is expected on a refused request: a failed login counts against the
 * throttle, sessions are written by sign-in, the tax cache remembers lookups, the mail and seller
 * notice jobs mark earlier rows sent in the background at any moment, and the watch leases the
 * notification bot's update stream every few seconds.
 */
const VOLATILE_TABLES = new Set([
  'login_throttle',
  'sessions',
  'tax_receipt_cache',
  'schema_migrations',
  'mail_outbox',
  'seller_notices',
  'seller_notice_bot',
]);

/**
 * A digest of every other table of the app (new tables included without an edit), to tell
 * "nothing was written" before and after a refused request. Reads every row: for tests and
 * small databases, not for a production one under load.
 */
export async function dataFingerprint(db: Executor): Promise<Record<string, string>> {
  if (!fingerprintQueries.has(db)) fingerprintQueries.set(db, await buildFingerprintQuery(db));
  const fingerprint: Record<string, string> = {};
  if (!fingerprintQueries.get(db)) return fingerprint;
  for (const row of await fingerprintStatement(db).execute()) fingerprint[row.name] = row.digest;
  return fingerprint;
}

/** The tables exist from start-up (migrations run first), so the statement is built once per database. */
const fingerprintQueries = new WeakMap<Executor, string>();

/**
 * Prepared once per database: the fuzzer asks after every request, and parsing and planning a
 * statement over every table was most of an answer's cost (docs/benchmarks.md, "Test suite time").
 */
const fingerprintStatement = namedStatement('data_fingerprint', (db, name) =>
  db
    .select({ name: sql<string>`name`, digest: sql<string>`digest` })
    .from(sql.raw(`(${fingerprintQueries.get(db)}) AS fingerprint`))
    .prepare(name),
);

async function buildFingerprintQuery(db: Executor): Promise<string> {
  const tables = rowsOf(
    await db.execute(sql`SELECT c.relname AS table_name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`),
  )
    .map((row) => String(row.table_name))
    .filter((table) => !VOLATILE_TABLES.has(table));
  // One statement for all tables: one round trip, one snapshot. A table's digest is its row count
  // and the sum of its rows' hashes: any row added, removed or changed changes it (but for a hash
  // collision), and no sort of every row is needed, as ordering the rows for one hash of them took.
  return tables
    .map((table) => {
      const quoted = `"${table.replaceAll('"', '""')}"`;
      return `SELECT '${table.replaceAll("'", "''")}' AS name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)), 0)::text AS digest FROM ${quoted} t`;
    })
    .join(' UNION ALL ');
}
