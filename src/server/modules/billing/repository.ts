import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { BillingSettingKey, LedgerKind } from '../../../contract/billing.js';
import type { Executor } from '../../db/connection.js';
import { balanceLedger, billingSettings, users, type LedgerRow } from '../../db/schema.js';

export async function readSettings(db: Executor, keys: readonly BillingSettingKey[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: billingSettings.key, value: billingSettings.value })
    .from(billingSettings)
    .where(inArray(billingSettings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function writeSetting(db: Executor, key: BillingSettingKey, value: number, now: Date): Promise<void> {
  await db
    .insert(billingSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: billingSettings.key, set: { value, updatedAt: now } });
}

export async function ledgerEntryExists(db: Executor, reference: string): Promise<boolean> {
  const [row] = await db.select({ id: balanceLedger.id }).from(balanceLedger).where(eq(balanceLedger.reference, reference)).limit(1);
  return row !== undefined;
}

/**
 * Moves the balance by `deltaKopecks` unless that would take it below zero; returns the new
 * balance, or undefined when the seller cannot afford it. The row lock taken here
 * serialises concurrent charges of one seller.
 */
export async function shiftBalance(db: Executor, userId: number, deltaKopecks: number): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ balanceKopecks: sql`${users.balanceKopecks} + ${deltaKopecks}` })
    .where(and(eq(users.id, userId), gte(users.balanceKopecks, Math.max(0, -deltaKopecks))))
    .returning({ balance: users.balanceKopecks });
  return row?.balance;
}

export async function readBalance(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ balance: users.balanceKopecks }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

/** Inserts the ledger row; false when a row with this reference already exists. */
export async function appendLedgerEntry(
  db: Executor,
  entry: {
    userId: number;
    kind: LedgerKind;
    amountKopecks: number;
    balanceAfterKopecks: number;
    reference: string;
    description: string;
    createdAt: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(balanceLedger)
    .values(entry)
    .onConflictDoNothing({ target: balanceLedger.reference })
    .returning({ id: balanceLedger.id });
  return inserted.length > 0;
}

export async function listLedgerEntries(
  db: Executor,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: LedgerRow[]; total: number }> {
  const rows = await db
    .select()
    .from(balanceLedger)
    .where(eq(balanceLedger.userId, userId))
    .orderBy(desc(balanceLedger.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await db.select({ total: count() }).from(balanceLedger).where(eq(balanceLedger.userId, userId));
  return { rows, total: totals?.total ?? 0 };
}

/** A seller's ledger rows older than `before` (all when absent), newest first; `kind` narrows them. */
export async function listLedgerBefore(
  db: Executor,
  userId: number,
  options: { before?: number; fromId?: number; kind?: LedgerKind; limit: number },
): Promise<LedgerRow[]> {
  return db
    .select()
    .from(balanceLedger)
    .where(
      and(
        eq(balanceLedger.userId, userId),
        options.before === undefined ? undefined : lt(balanceLedger.id, options.before),
        options.fromId === undefined ? undefined : gte(balanceLedger.id, options.fromId),
        options.kind === undefined ? undefined : eq(balanceLedger.kind, options.kind),
      ),
    )
    .orderBy(desc(balanceLedger.id))
    .limit(options.limit);
}

export async function readUser(db: Executor, userId: number) {
  const [row] = await db
    .select({ balanceKopecks: users.balanceKopecks, scannedReceipts: users.scannedReceipts })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function lockUser(db: Executor, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('no key update');
  return row;
}

export async function markActivated(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ isActivated: true }).where(eq(users.id, userId));
}
