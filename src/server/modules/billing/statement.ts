import type { LedgerRow } from '../../db/schema.js';
import { moscowDay } from '../analytics/period.js';

/** One statement line: a ledger row, or a run of receipt charges of one Moscow day. */
export interface FoldedLine {
  /** The run's newest row: its balance is the line's balance after. */
  newest: LedgerRow;
  oldest: LedgerRow;
  entries: number;
  amountKopecks: number;
}

const foldable = (row: LedgerRow) => row.kind === 'receipt_fee';

/**
 * Folds receipt charges made one after another on the same Moscow day into one line; any other
 * row stays a line of its own and splits a run, so every line's "balance after" stays exact.
 * Rows come newest first, as the statement shows them; a later (older) batch continues `lines`.
 */
export function foldStatement(rows: LedgerRow[], lines: FoldedLine[] = []): FoldedLine[] {
  for (const row of rows) {
    const last = lines.at(-1);
    if (last && foldable(row) && foldable(last.oldest) && moscowDay(row.createdAt) === moscowDay(last.oldest.createdAt)) {
      last.oldest = row;
      last.entries += 1;
      last.amountKopecks += row.amountKopecks;
    } else {
      lines.push({ newest: row, oldest: row, entries: 1, amountKopecks: row.amountKopecks });
    }
  }
  return lines;
}
