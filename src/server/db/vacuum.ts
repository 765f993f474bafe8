import { sql } from 'drizzle-orm';
import type { Db } from './connection.js';

/** The shoppers' tables the segments count by index-only scans (migration 0084). */
export type ShoppersTable = 'buyer_stats' | 'buyer_points';

/**
 * Rows of a shoppers' table one run of a job may change before the job vacuums the table itself:
 * autovacuum starts at a hundredth of the table (0084), but up to a minute later and only on
 * PostgreSQL; until it has run, an index-only scan reads each changed shopper's row from the heap.
 */
const VACUUM_AFTER_ROWS = 1_000;

/**
 * At the end of a job's run that handled `changed` rows of the tables: when that is a day's worth
 * (`threshold`, set apart only by tests), vacuums them now, outside any transaction, so that the
 * shoppers the run changed are visible to every transaction again in the tables' visibility maps.
 * Reads and writes go on meanwhile (VACUUM takes no lock they wait for); a table another VACUUM
 * holds is skipped, as that one does the same work. Smaller runs are left to autovacuum.
 */
export async function vacuumAfterRun(
  db: Db,
  tables: readonly ShoppersTable[],
  changed: number,
  threshold = VACUUM_AFTER_ROWS,
): Promise<void> {
  if (changed < threshold) return;
  await db.execute(sql.raw(`VACUUM (SKIP_LOCKED) ${tables.join(', ')}`));
}
