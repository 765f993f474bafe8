import { describe, expect, it } from 'vitest';
import type { LedgerRow } from '../../db/schema.js';
import { foldStatement } from './statement.js';

let nextId = 100;
const row = (kind: string, amountKopecks: number, at: string): LedgerRow => ({
  id: nextId--,
  userId: 1,
  kind,
  amountKopecks,
  balanceAfterKopecks: 0,
  reference: `r${nextId}`,
  description: kind,
  createdAt: new Date(at),
});

describe('foldStatement', () => {
  it('folds receipt charges of one Moscow day that follow each other, newest first', () => {
    const rows = [
      row('receipt_fee', -800, '2026-11-23T12:00:00Z'),
      row('receipt_fee', -800, '2026-11-23T09:00:00Z'),
      row('receipt_fee', -750, '2026-11-22T21:30:00Z'),
    ];
    const lines = foldStatement(rows);
    // 21:30 UTC on the 22nd is 00:30 on the 23rd in Moscow: the same day.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ newest: rows[0], oldest: rows[2], entries: 3, amountKopecks: -2350 });
  });

  it('splits at Moscow midnight and at any other kind of row, which stays a line of its own', () => {
    const lines = foldStatement([
      row('receipt_fee', -800, '2026-11-23T10:00:00Z'),
      row('card_deposit', 50_000, '2026-11-23T09:00:00Z'),
      row('receipt_fee', -800, '2026-11-23T08:00:00Z'),
      row('receipt_fee', -800, '2026-11-22T20:59:59Z'),
      row('action_subscription', -100_000, '2026-11-22T20:00:00Z'),
      row('activation', -2_000_000, '2026-11-22T19:00:00Z'),
    ]);
    expect(lines.map((line) => [line.newest.kind, line.entries])).toEqual([
      ['receipt_fee', 1],
      ['card_deposit', 1],
      ['receipt_fee', 1],
      ['receipt_fee', 1],
      ['action_subscription', 1],
      ['activation', 1],
    ]);
  });

  it('continues the last run with the next (older) batch', () => {
    const first = foldStatement([row('receipt_fee', -800, '2026-11-23T12:00:00Z')]);
    const lines = foldStatement(
      [row('receipt_fee', -800, '2026-11-23T11:00:00Z'), row('bank_transfer', 1000, '2026-11-23T10:00:00Z')],
      first,
    );
    expect(lines.map((line) => [line.newest.kind, line.entries, line.amountKopecks])).toEqual([
      ['receipt_fee', 2, -1600],
      ['bank_transfer', 1, 1000],
    ]);
  });
});
