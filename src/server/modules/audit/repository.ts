import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditFilter } from '../../../contract/audit.js';
import type { Executor } from '../../db/connection.js';
import { auditLog, type AuditLogRow } from '../../db/schema.js';

/** The filters as SQL: the seller's own entries only, then who, what and Moscow days. */
function conditions(sellerId: number, filter: AuditFilter, before?: number): SQL {
  const moscowDay = sql`(${auditLog.createdAt} AT TIME ZONE 'Europe/Moscow')::date`;
  return and(
    eq(auditLog.sellerId, sellerId),
    filter.actor === undefined ? undefined : eq(auditLog.actorUserId, filter.actor),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.from === undefined ? undefined : sql`${moscowDay} >= ${filter.from}::date`,
    filter.to === undefined ? undefined : sql`${moscowDay} <= ${filter.to}::date`,
    before === undefined ? undefined : lt(auditLog.id, before),
  )!;
}

/** A page of the seller's entries, newest first, older than `before`. */
export async function listEntries(
  db: Executor,
  sellerId: number,
  filter: AuditFilter,
  before: number | undefined,
  limit: number,
): Promise<AuditLogRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(conditions(sellerId, filter, before))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** Every entry of the filter, newest first, a batch at a time (the CSV export). */
export async function* entryRows(db: Executor, sellerId: number, filter: AuditFilter): AsyncGenerator<AuditLogRow> {
  const batch = 500;
  let before: number | undefined;
  for (;;) {
    const rows = await listEntries(db, sellerId, filter, before, batch);
    yield* rows;
    if (rows.length < batch) return;
    before = rows.at(-1)!.id;
  }
}
