import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the receipt row is a repeat: a success whose fiscal identity (ФН + ФД + ФП)
 * already succeeded earlier in the same action. That only happens with the duplicates
 * check off (SPEC's default), when the same receipt earns and is charged again.
 *
 * Computed at read time as a column of the history page, so the check pipeline and the
 * receipts table stay untouched. Names the outer row `receipts`: only for a select from that table.
 */
export const isRepeatSql: SQL<boolean> = sql<boolean>`(receipts.status = 'success' AND receipts.fn IS NOT NULL AND EXISTS (
  SELECT 1 FROM receipts earlier
   WHERE earlier.project_id = receipts.project_id AND earlier.fn = receipts.fn AND earlier.fd = receipts.fd
     AND earlier.fp = receipts.fp AND earlier.status = 'success' AND earlier.id < receipts.id))`;
