import {
  BILLING_DEFAULTS,
  BILLING_SETTING_KEYS,
  TIER_KEYS,
  type BillingSettingKey,
  type LedgerEntry,
  type LedgerKind,
  type StatementChargesResponse,
  type StatementResponse,
  type TierKey,
} from '../../../contract/billing.js';
import { parseBankInvoiceNumber } from '../../../contract/bank-invoices.js';
import { formatRubles, kopecksToRubles, rublesToKopecks } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Db, Executor } from '../../db/connection.js';
import type { LedgerRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { settleBankInvoice } from './invoice-service.js';
import { applyBalanceChange, ReplayedChange } from './ledger.js';
import * as repo from './repository.js';
import { receiptPriceKopecks } from './tiers.js';
import { foldStatement, type FoldedLine } from './statement.js';

export interface BillingDeps {
  db: Db;
  now: () => Date;
}

/** Settings by key, falling back to SPEC §9 defaults for any row an operator removed. */
export async function readBillingSettings(db: Executor, keys: readonly BillingSettingKey[]): Promise<Record<BillingSettingKey, number>> {
  const stored = await repo.readSettings(db, keys);
  return Object.fromEntries(keys.map((key) => [key, stored.get(key) ?? BILLING_DEFAULTS[key]])) as Record<BillingSettingKey, number>;
}

export async function readTierPrices(db: Executor): Promise<Record<TierKey, number>> {
  return readBillingSettings(db, TIER_KEYS);
}

export async function settingPriceKopecks(db: Executor, key: BillingSettingKey): Promise<number> {
  return rublesToKopecks((await readBillingSettings(db, [key]))[key]);
}

/**
 * Whether the seller's balance covers their next receipt at the tier they are in: the same rule
 * as the award in the database, so an action is shown suspended exactly when its checks would be refused.
 */
export async function canPayNextReceipt(db: Executor, sellerId: number): Promise<boolean> {
  const [seller, prices] = await Promise.all([repo.readUser(db, sellerId), readTierPrices(db)]);
  return seller !== undefined && seller.balanceKopecks >= receiptPriceKopecks(seller.scannedReceipts, prices);
}

/**
 * Runs a money-moving transaction; if a concurrent call applied the same ledger reference
 * first, the transaction is rolled back and `onReplay` answers instead.
 */
export async function runIdempotent<T>(db: Db, work: (tx: Executor) => Promise<T>, onReplay: () => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (error instanceof ReplayedChange) return onReplay();
    throw error;
  }
}

export async function activateAccount(deps: BillingDeps, userId: number): Promise<{ message: string }> {
  const alreadyActivated = async () => ({ message: messages.billing.alreadyActivated });
  return runIdempotent(
    deps.db,
    async (tx) => {
      const user = await repo.lockUser(tx, userId);
      if (!user) throw new AppError('not_found', messages.common.userNotFound);
      if (user.isActivated) return alreadyActivated();
      const price = await settingPriceKopecks(tx, 'account_activation_price');
      if (price > 0) {
        await applyBalanceChange(tx, {
          userId,
          kind: 'activation',
          amountKopecks: -price,
          reference: `activation:user:${userId}`,
          description: messages.billing.ledgerActivation,
          now: deps.now(),
        });
      }
      await repo.markActivated(tx, userId);
      return { message: fillMessage(messages.billing.activated, { amount: formatRubles(kopecksToRubles(price)) }) };
    },
    alreadyActivated,
  );
}

function presentLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind as LedgerKind,
    amount: kopecksToRubles(row.amountKopecks),
    balance_after: kopecksToRubles(row.balanceAfterKopecks),
    description: row.description,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listOperations(deps: BillingDeps, userId: number, page: number, limit: number) {
  const { rows, total } = await repo.listLedgerEntries(deps.db, userId, limit, (page - 1) * limit);
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    operations: rows.map(presentLedgerEntry),
    pagination: {
      current_page: page,
      total_pages: totalPages,
      total_operations: total,
      limit,
      has_next: page < totalPages,
      has_prev: page > 1,
    },
  };
}

/** Ledger rows read per round trip while folding the statement. */
const STATEMENT_BATCH = 500;

/** The Balance screen's statement: receipt charges folded per day (./statement.ts), newest first. */
export async function readStatement(
  deps: BillingDeps,
  userId: number,
  query: { before?: number; limit: number },
): Promise<StatementResponse> {
  const lines: FoldedLine[] = [];
  let before = query.before;
  // One line more than the page: only then is the page's last run known to be complete.
  for (;;) {
    const batch = await repo.listLedgerBefore(deps.db, userId, { before, limit: STATEMENT_BATCH });
    foldStatement(batch, lines);
    if (lines.length > query.limit || batch.length < STATEMENT_BATCH) break;
    before = batch.at(-1)!.id;
  }
  const page = lines.slice(0, query.limit);
  return {
    lines: page.map((line) => ({
      ...presentLedgerEntry(line.newest),
      amount: kopecksToRubles(line.amountKopecks),
      description: line.entries > 1 ? fillMessage(messages.billing.statementReceiptFees, { count: line.entries }) : line.newest.description,
      entries: line.entries,
      first_id: line.oldest.id,
      first_created_at: line.oldest.createdAt.toISOString(),
    })),
    next_before: lines.length > query.limit ? page.at(-1)!.oldest.id : null,
  };
}

/** The receipt charges behind a folded statement line (ids from_id..to_id), newest first. */
export async function readStatementCharges(
  deps: BillingDeps,
  userId: number,
  query: { from_id: number; to_id: number; before?: number; limit: number },
): Promise<StatementChargesResponse> {
  const before = Math.min(query.before ?? query.to_id + 1, query.to_id + 1);
  const rows = await repo.listLedgerBefore(deps.db, userId, { before, fromId: query.from_id, kind: 'receipt_fee', limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  return { operations: page.map(presentLedgerEntry), next_before: rows.length > query.limit ? page.at(-1)!.id : null };
}

/**
 * A bank-transfer payment entered by an operator; the same reference never credits twice. A
 * reference that is an invoice number (СЧ-000123) pays that invoice: it must be the seller's
 * own and of the same amount, and it is marked paid in the credit's transaction.
 */
export async function creditByBankTransfer(
  deps: BillingDeps & { findUserIdByEmail: (email: string) => Promise<number | undefined> },
  input: { email: string; rubles: number; reason?: string; reference: string },
): Promise<BankTransferCredit> {
  const userId = await deps.findUserIdByEmail(input.email);
  if (userId === undefined) throw new AppError('not_found', messages.common.userNotFound);
  return creditSellerByBankTransfer(deps, { userId, rubles: input.rubles, reason: input.reason, reference: input.reference });
}

export interface BankTransferCredit {
  message: string;
  balance: number;
  credited: boolean;
  invoice?: string;
}

/** The credit itself, for a seller already found (the operator's by e-mail, the demo bank's by the invoice). */
export async function creditSellerByBankTransfer(
  deps: BillingDeps,
  input: { userId: number; rubles: number; reason?: string; reference: string },
): Promise<BankTransferCredit> {
  const { userId } = input;
  const amountKopecks = rublesToKopecks(input.rubles);
  const invoiceNumber = parseBankInvoiceNumber(input.reference) ?? undefined;
  const replay = async (db: Executor) => ({
    message: messages.billing.alreadyCredited,
    balance: kopecksToRubles(await repo.readBalance(db, userId)),
    credited: false,
    ...(invoiceNumber ? { invoice: invoiceNumber } : {}),
  });
  const description = invoiceNumber
    ? fillMessage(messages.bankInvoices.ledgerPaid, { number: invoiceNumber })
    : messages.billing.ledgerBankTransfer;
  return runIdempotent(
    deps.db,
    async (tx) => {
      const now = deps.now();
      if (invoiceNumber && (await settleBankInvoice(tx, { userId, number: invoiceNumber, amountKopecks, now })) === 'already-paid')
        return replay(tx);
      const applied = await applyBalanceChange(tx, {
        userId,
        kind: 'bank_transfer',
        amountKopecks,
        reference: `bank-transfer:${invoiceNumber ?? input.reference}`,
        description: input.reason ? `${description}: ${input.reason}` : description,
        now,
      });
      if (!applied) return replay(tx);
      const amount = formatRubles(input.rubles);
      return {
        message: invoiceNumber
          ? fillMessage(messages.bankInvoices.creditedInvoice, { amount, number: invoiceNumber })
          : fillMessage(messages.billing.credited, { amount }),
        balance: kopecksToRubles(await repo.readBalance(tx, userId)),
        credited: true,
        ...(invoiceNumber ? { invoice: invoiceNumber } : {}),
      };
    },
    () => replay(deps.db),
  );
}

export async function listAllSettings(db: Executor): Promise<Record<string, { value: number }>> {
  const values = await readBillingSettings(db, BILLING_SETTING_KEYS);
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value }]));
}

export async function updateSetting(deps: BillingDeps, key: BillingSettingKey, value: number): Promise<void> {
  await repo.writeSetting(deps.db, key, value, deps.now());
}
