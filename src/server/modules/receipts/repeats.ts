import { and, eq, exists, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/connection.js';
import { receipts } from '../../db/schema.js';

/**
 * Which of these receipts are repeats: a success whose fiscal identity (ФН + ФД + ФП)
 * already succeeded earlier in the same action. That only happens with the duplicates
 * check off (SPEC's default), when the same receipt earns and is charged again.
 *
 * Computed at read time for the history's own page of rows, so the check pipeline and
 * the receipts table stay untouched; one query per page of at most 100 receipts.
 */
export async function findRepeatReceiptIds(db: Executor, receiptIds: readonly number[]): Promise<Set<number>> {
  if (receiptIds.length === 0) return new Set();
  const earlier = alias(receipts, 'earlier');
  const rows = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(
      and(
        inArray(receipts.id, [...receiptIds]),
        eq(receipts.status, 'success'),
        isNotNull(receipts.fn),
        exists(
          db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.projectId, receipts.projectId),
                eq(earlier.fn, receipts.fn),
                eq(earlier.fd, receipts.fd),
                eq(earlier.fp, receipts.fp),
                eq(earlier.status, 'success'),
                lt(earlier.id, receipts.id),
              ),
            ),
        ),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
