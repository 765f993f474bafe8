import type { LedgerKind } from '../../../contract/billing.js';
import type { InsufficientFundsResponse } from '../../../contract/errors.js';
import { formatRubles, kopecksToRubles } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import * as repo from './repository.js';

export interface BalanceChange {
  userId: number;
  kind: LedgerKind;
  /** Positive credits, negative charges. */
  amountKopecks: number;
  /** Idempotency reference: the same one never moves money twice. */
  reference: string;
  description: string;
  now: Date;
}

/** Thrown inside a transaction to roll it back when the reference was already applied by a concurrent call. */
export class ReplayedChange extends Error {
  constructor(readonly reference: string) {
    super(`ledger reference already applied: ${reference}`);
  }
}

/** 402 naming the price, the balance and the missing amount; `shortfall` (rubles) is the same amount for the cabinet's top-up. */
export function insufficientFunds(requiredKopecks: number, balanceKopecks: number): AppError {
  const shortfall = kopecksToRubles(requiredKopecks - balanceKopecks);
  return new AppError(
    'payment_required',
    fillMessage(messages.billing.insufficientFunds, {
      required: formatRubles(kopecksToRubles(requiredKopecks)),
      balance: formatRubles(kopecksToRubles(balanceKopecks)),
      missing: formatRubles(shortfall),
    }),
    {},
    { shortfall } satisfies Omit<InsufficientFundsResponse, 'message'>,
  );
}

/**
 * Changes a seller's balance and writes its ledger row. Must run inside the caller's
 * transaction, so the business change (an activation, a new action) and the money
 * commit or roll back together. Returns false when the reference was applied before.
 * The balance can never go negative: the update is conditional, and the database has
 * a CHECK constraint behind it.
 */
export async function applyBalanceChange(tx: Executor, change: BalanceChange): Promise<boolean> {
  if (await repo.ledgerEntryExists(tx, change.reference)) return false;
  const balanceAfter = await repo.shiftBalance(tx, change.userId, change.amountKopecks);
  if (balanceAfter === undefined) {
    throw insufficientFunds(-change.amountKopecks, await repo.readBalance(tx, change.userId));
  }
  const appended = await repo.appendLedgerEntry(tx, {
    userId: change.userId,
    kind: change.kind,
    amountKopecks: change.amountKopecks,
    balanceAfterKopecks: balanceAfter,
    reference: change.reference,
    description: change.description,
    createdAt: change.now,
  });
  // A concurrent transaction committed the same reference while we waited for the row lock.
  if (!appended) throw new ReplayedChange(change.reference);
  return true;
}
