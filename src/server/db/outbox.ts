import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './connection.js';
import { rowsOf } from './rows.js';

/**
 * The outbox pattern every delivery table here follows (mail, shop notifications, PuzzleBot
 * pushes, mailing recipients, bot updates): a row waits as `pending` until its `next_attempt_at`;
 * a worker claims due rows with a lease (SKIP LOCKED, so instances share them and a worker that
 * dies frees its rows when the lease runs out), then marks each done, due again later, or failed.
 */
export interface OutboxTable {
  table: PgTable;
  /** The columns naming one row (the primary key). */
  key: readonly PgColumn[];
  status: PgColumn;
  /** What `status` becomes once delivered ('sent', 'done'). */
  doneStatus: string;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lastError: PgColumn;
  /**
   * How a claim is held. Without a lease column the claim moves `next_attempt_at` past the lease
   * (a crashed worker's row is simply due again then). With one, the lease is that column; with
   * `claimedStatus` too, a claimed row shows it (mailing recipients are 'sending').
   */
  lease?: { column: PgColumn; claimedStatus?: string };
}

export interface Backoff {
  /** The wait after the first failed try. */
  baseMs: number;
  /** No wait is longer. */
  maxMs: number;
}

export interface RetryPolicy extends Backoff {
  /** Tries in all: a failure on this one gives up. */
  maxAttempts: number;
}

/** The wait after `attempts` failed tries: baseMs, 2×, 4× … never over maxMs. */
export function backoffMs(attempts: number, { baseMs, maxMs }: Backoff): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** After a failed try (the `attempts`-th): how long to wait before the next, or null to give up. */
export function nextTry(attempts: number, policy: RetryPolicy): { delayMs: number } | null {
  return attempts >= policy.maxAttempts ? null : { delayMs: backoffMs(attempts, policy) };
}

/**
 * The delivery outboxes' retry policy (mail, shop notifications, buyer notices, PuzzleBot pushes):
 * the wait doubles from the configured base (`outbox.retryBaseMs`) up to an hour, 20 tries in all.
 * An outbox passes only what it does otherwise (account mail gives up after 12 tries).
 */
export function outboxRetry(baseMs: number, differs: Partial<Omit<RetryPolicy, 'baseMs'>> = {}): RetryPolicy {
  return { baseMs, maxAttempts: differs.maxAttempts ?? 20, maxMs: differs.maxMs ?? 60 * 60 * 1000 };
}

/**
 * How long a claim holds a row of the delivery outboxes (mail, shop notifications, buyer notices,
 * PuzzleBot pushes) and how often a working pass renews the claims it still holds (three beats fit
 * in a lease): rows a dead instance held are due again within the lease, and the survivors' watch
 * (jobs/watch.ts) drains them.
 */
export const CLAIM_LEASE_MS = 10_000;
export const CLAIM_RENEW_MS = 3_000;

/** Kept of an error text: enough to tell what happened, never a whole response body. */
export const MAX_ERROR_LENGTH = 500;

const name = (column: PgColumn) => sql.identifier(column.name);
const list = (columns: readonly PgColumn[]) => sql.join(columns.map(name), sql`, `);
/** The database's clock, or the caller's (an injected clock the tests move). */
const clock = (now: Date | undefined) => (now ? sql`${now}::timestamptz` : sql`now()`);
const later = (now: Date | undefined, ms: number) => sql`${clock(now)} + ${ms} * interval '1 millisecond'`;

export interface ClaimOptions {
  limit: number;
  leaseMs: number;
  /** The order rows are taken in (the oldest first). */
  orderBy: readonly PgColumn[];
  returning: readonly PgColumn[];
  /** Narrows the rows (one mailing's recipients). */
  where?: SQL;
  now?: Date;
}

/**
 * Claims up to `limit` due rows for `leaseMs` and counts the try. Answers the `returning` columns
 * by their SQL names, `attempts` counting this try.
 */
export async function claimDue<Row>(db: Executor, outbox: OutboxTable, options: ClaimOptions): Promise<Row[]> {
  const { lease } = outbox;
  const now = clock(options.now);
  const pending = sql`${name(outbox.status)} = 'pending' AND ${name(outbox.nextAttemptAt)} <= ${now}`;
  let due: SQL;
  let hold: SQL;
  if (!lease) {
    due = pending;
    hold = sql`${name(outbox.nextAttemptAt)} = ${later(options.now, options.leaseMs)}`;
  } else if (lease.claimedStatus) {
    due = sql`((${pending}) OR (${name(outbox.status)} = ${lease.claimedStatus} AND ${name(lease.column)} < ${now}))`;
    hold = sql`${name(outbox.status)} = ${lease.claimedStatus}, ${name(lease.column)} = ${later(options.now, options.leaseMs)}`;
  } else {
    due = sql`${pending} AND (${name(lease.column)} IS NULL OR ${name(lease.column)} < ${now})`;
    hold = sql`${name(lease.column)} = ${later(options.now, options.leaseMs)}`;
  }
  const result = await db.execute(sql`
    UPDATE ${outbox.table} SET ${name(outbox.attempts)} = ${name(outbox.attempts)} + 1, ${hold}
     WHERE (${list(outbox.key)}) IN (
       SELECT ${list(outbox.key)} FROM ${outbox.table}
        WHERE ${options.where ? sql`${options.where} AND ` : sql``}${due}
        ORDER BY ${list(options.orderBy)} LIMIT ${options.limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING ${list(options.returning)}`);
  return rowsOf<Row>(result);
}

/**
 * A claim for an outbox with an index in `orderBy`'s order over its due rows (the buyer notices, a
 * mailing's recipients): it reads that index and stops at `limit`, whatever the statistics say,
 * because sorts are off for its transaction. Both tables are filled a million rows at a time (a
 * draw's results, a mailing to a segment) while their statistics may still count the few due rows
 * of before: to the planner a sort of that "one row" costs what the ordered read does, and the
 * buyer notices' claims sorted every due notice, 2 s a claim of 100. docs/decisions.md,
 * Performance, "The claims never sort".
 */
export function claimDueInIndexOrder<Row>(db: Db, outbox: OutboxTable, options: ClaimOptions): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_sort', 'off', true)`);
    return claimDue<Row>(tx, outbox, options);
  });
}

/** Only a row this worker still holds changes (a mailing recipient is 'sending' until then). */
function held(outbox: OutboxTable, row: SQL): SQL {
  const claimed = outbox.lease?.claimedStatus;
  return claimed ? sql`${row} AND ${name(outbox.status)} = ${claimed}` : row;
}

const releaseLease = (outbox: OutboxTable) => (outbox.lease ? sql`, ${name(outbox.lease.column)} = NULL` : sql``);
const andAlso = (also: SQL | undefined) => (also ? sql`, ${also}` : sql``);

// The marks below are statements for one claimed row (`row` selects it), not calls, so a table
// can count its outcome in the same statement (mailing recipients: `WITH done AS (… RETURNING 1) …`).

/** Delivered; `also` sets the table's own columns (sent_at, emptied bodies). */
export function markDone(outbox: OutboxTable, row: SQL, also?: SQL): SQL {
  return sql`UPDATE ${outbox.table} SET ${name(outbox.status)} = ${outbox.doneStatus}, ${name(outbox.lastError)} = NULL${releaseLease(outbox)}${andAlso(also)}
              WHERE ${held(outbox, row)}`;
}

/** Due again after `delayMs`, the error kept. */
export function markRetry(outbox: OutboxTable, row: SQL, retry: { delayMs: number; error: string; now?: Date }): SQL {
  return sql`UPDATE ${outbox.table} SET ${name(outbox.status)} = 'pending', ${name(outbox.lastError)} = ${retry.error.slice(0, MAX_ERROR_LENGTH)},
                    ${name(outbox.nextAttemptAt)} = ${later(retry.now, retry.delayMs)}${releaseLease(outbox)}
              WHERE ${held(outbox, row)}`;
}

/** Given up for good, the reason kept: nothing is dropped silently. */
export function markFailed(outbox: OutboxTable, row: SQL, error: string): SQL {
  return sql`UPDATE ${outbox.table} SET ${name(outbox.status)} = 'failed', ${name(outbox.lastError)} = ${error.slice(0, MAX_ERROR_LENGTH)}${releaseLease(outbox)}
              WHERE ${held(outbox, row)}`;
}

/** When the next pending row is due (a lease running out counts); null when none is waiting. */
export async function nextDueAt(db: Executor, outbox: OutboxTable, where?: SQL): Promise<Date | null> {
  const { lease } = outbox;
  const due = lease?.claimedStatus
    ? sql`min(CASE WHEN ${name(outbox.status)} = ${lease.claimedStatus} THEN ${name(lease.column)} ELSE ${name(outbox.nextAttemptAt)} END)`
    : sql`min(${name(outbox.nextAttemptAt)})`;
  const open = lease?.claimedStatus
    ? sql`${name(outbox.status)} IN ('pending', ${lease.claimedStatus})`
    : sql`${name(outbox.status)} = 'pending'`;
  const result = await db.execute(sql`SELECT ${due} AS due FROM ${outbox.table} WHERE ${where ? sql`${where} AND ` : sql``}${open}`);
  const value = rowsOf<{ due: string | Date | null }>(result)[0]?.due;
  return value ? new Date(value) : null;
}

/**
 * A working pass's heartbeat: the rows it claimed and has not finished stay claimed `leaseMs` from
 * now. For a one-column key. A row finished meanwhile is left alone: it is no longer pending (done,
 * failed), or (a retry) due later than a lease, or due within one, which a renewal only moves by
 * less than a lease.
 */
export async function renewClaims(db: Executor, outbox: OutboxTable, ids: readonly number[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  const { lease } = outbox;
  const column = lease ? lease.column : outbox.nextAttemptAt;
  const status = lease?.claimedStatus ?? 'pending';
  const claimed = lease ? sql`${name(column)} IS NOT NULL` : sql`${name(column)} <= ${later(undefined, leaseMs)}`;
  await db.execute(sql`
    UPDATE ${outbox.table} SET ${name(column)} = ${later(undefined, leaseMs)}
     WHERE ${name(outbox.key[0]!)} IN (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )}) AND ${name(outbox.status)} = ${status} AND ${claimed}`);
}

/**
 * Which of the named outboxes have a row due now (never claimed, due for a retry, or claimed by a
 * worker whose lease ran out): one statement, an indexed look per table (each has an index on its
 * pending rows' due time). The watch asks it every few seconds on every instance.
 */
export async function outboxesWithDueRows<Name extends string>(
  db: Executor,
  outboxes: readonly { name: Name; outbox: OutboxTable }[],
  now?: Date,
): Promise<Name[]> {
  if (outboxes.length === 0) return [];
  const at = clock(now);
  const looks = outboxes.map(({ outbox }, index) => {
    const free = outbox.lease ? sql` AND (${name(outbox.lease.column)} IS NULL OR ${name(outbox.lease.column)} < ${at})` : sql``;
    return sql`EXISTS (SELECT 1 FROM ${outbox.table} WHERE ${name(outbox.status)} = 'pending' AND ${name(outbox.nextAttemptAt)} <= ${at}${free}) AS ${sql.identifier(`due_${index}`)}`;
  });
  const [row] = rowsOf<Record<string, boolean>>(await db.execute(sql`SELECT ${sql.join(looks, sql`, `)}`));
  return outboxes.filter((_, index) => row?.[`due_${index}`]).map(({ name: outboxName }) => outboxName);
}
