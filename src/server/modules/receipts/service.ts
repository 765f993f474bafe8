import { fillMessage, messages } from '../../../contract/messages.js';
import type { CheckResponse, ReceiptStatus } from '../../../contract/receipts.js';
import type { Db, Executor } from '../../db/connection.js';
import type { ProjectRow } from '../../db/schema.js';
import { AppError, PG_UNIQUE_VIOLATION, postgresErrorCode } from '../../http/errors.js';
import type { TaxClient } from '../../integrations/tax/client.js';
import { findLiveProject } from '../actions/repository.js';
import { applyBalanceChange, ReplayedChange } from '../billing/ledger.js';
import { lockUser } from '../billing/repository.js';
import { readTierPrices } from '../billing/service.js';
import { receiptPriceKopecks } from '../billing/tiers.js';
import { answerFor } from './messages.js';
import { parseFiscalQr, receiptKey, type FiscalQr } from './qr.js';
import * as repo from './repository.js';
import { readTaxReceipt, type TaxReceipt } from './tax-receipt.js';
import { isActionOpen, isSale, judgeReceipt, type ActionRules, type ClassifiedItem } from './verdict.js';

export interface ReceiptDeps {
  db: Db;
  now: () => Date;
  tax: TaxClient;
  log: { warn(data: object, message: string): void; error(data: object, message: string): void };
}

export interface CheckInput {
  sellerId: number;
  projectId: number;
  qrText: string;
  buyerTgId: string;
}

function rulesOf(action: ProjectRow): ActionRules {
  return {
    isActive: action.isActive,
    subscriptionEndDate: action.subscriptionEndDate,
    inns: action.projectInns,
    receiptValidityDays: action.receiptValidityDays,
    checkDuplicates: action.checkDuplicates,
    pointsPercentage: action.pointsPercentage,
    productKeywords: action.productKeywords,
    minTotalKopecks: action.minTotalKopecks,
  };
}

function answer(status: ReceiptStatus, message: string, points = 0): CheckResponse {
  return {
    success: status === 'success',
    message,
    data: { points_awarded: points, status, error: status === 'success' ? null : message },
  };
}

const withoutLeadingZeros = (digits: string) => digits.replace(/^0+(?=\d)/, '');

/** The receipt is the one the QR names: the same fiscal drive, document, sign and total. */
function describesQr(receipt: TaxReceipt, qr: FiscalQr): boolean {
  return (
    withoutLeadingZeros(receipt.fn) === withoutLeadingZeros(qr.fn) &&
    withoutLeadingZeros(receipt.i) === withoutLeadingZeros(qr.i) &&
    withoutLeadingZeros(receipt.fp) === withoutLeadingZeros(qr.fp) &&
    receipt.totalKopecks === qr.totalKopecks
  );
}

/** The tax service's receipt for a QR, from the cache or the service (cached when found). */
async function fetchReceipt(deps: ReceiptDeps, qr: FiscalQr, qrText: string): Promise<{ kind: 'found'; receipt: TaxReceipt } | { kind: 'invalid' } | { kind: 'unavailable' }> {
  const key = receiptKey(qr);
  const cached = await repo.readCachedTaxReceipt(deps.db, key);
  const json = cached ?? (await (async () => {
    const lookup = await deps.tax.lookup(qrText);
    if (lookup.kind === 'invalid') return 'invalid' as const;
    if (lookup.kind === 'unavailable') {
      deps.log.warn({ reason: lookup.reason, key }, 'tax service unavailable');
      return 'unavailable' as const;
    }
    return lookup.json;
  })());
  if (json === 'invalid') return { kind: 'invalid' };
  if (json === 'unavailable') return { kind: 'unavailable' };
  const receipt = readTaxReceipt(json);
  if (!receipt) {
    deps.log.warn({ key }, 'tax service answered with a receipt we cannot read');
    return { kind: 'invalid' };
  }
  if (!describesQr(receipt, qr)) {
    // The service's fault, not the shopper's: nothing is cached, a later check may succeed.
    deps.log.warn({ key }, 'tax service answered with another receipt than asked');
    return { kind: 'unavailable' };
  }
  if (cached === undefined) await repo.cacheTaxReceipt(deps.db, key, json);
  return { kind: 'found', receipt };
}

function itemRows(items: ClassifiedItem[] | TaxReceipt['items'], classified: boolean) {
  return items.map((item, position) => ({
    position,
    name: item.name,
    priceKopecks: item.priceKopecks,
    quantity: item.quantity,
    sumKopecks: item.sumKopecks,
    providerInn: item.providerInn,
    status: classified ? (item as ClassifiedItem).status : 'not_counted',
  }));
}

/**
 * Verifies a shopper's receipt for an action and, when it earns points, records it, charges
 * the seller the per-receipt price and awards the points — all in one transaction.
 * Every check is kept in the history with its verdict.
 */
export async function checkReceipt(deps: ReceiptDeps, input: CheckInput): Promise<CheckResponse> {
  const now = deps.now();
  // No expiry sweep on this hot path: isActionOpen() reads the end date itself.
  const action = await findLiveProject(deps.db, input.sellerId, input.projectId);
  if (!action) throw new AppError('not_found', messages.actions.notFound);

  const base = {
    userId: input.sellerId,
    projectId: action.id,
    projectName: action.name,
    projectInns: action.projectInns,
    buyerTgId: input.buyerTgId,
    qrRaw: input.qrText.slice(0, 2000),
    scannedAt: now,
  };
  const refuse = async (status: ReceiptStatus, extra: Partial<repo.NewReceipt> = {}, items: repo.NewReceiptItem[] = []) => {
    const message = answerFor(status, action);
    await repo.insertReceipt(deps.db, { ...base, ...extra, status, message }, items);
    return answer(status, message);
  };

  if (!isActionOpen(rulesOf(action), now)) return refuse('subscription_inactive');

  const qr = parseFiscalQr(input.qrText);
  if (!qr || !isSale(qr.n)) return refuse('not_recognized', qr ? { fn: qr.fn, fd: qr.i, fp: qr.fp } : {});
  const identity = { fn: qr.fn, fd: qr.i, fp: qr.fp };

  // A receipt that already earned points here needs no second lookup.
  if (action.checkDuplicates === 1 && (await repo.hasSuccessfulScan(deps.db, action.id, identity))) return refuse('already_scanned', identity);

  const fetched = await fetchReceipt(deps, qr, input.qrText);
  if (fetched.kind === 'unavailable') return refuse('error', identity);
  if (fetched.kind === 'invalid') return refuse('not_recognized', identity);
  const receipt = fetched.receipt;
  if (!isSale(receipt.operationType)) return refuse('not_recognized', identity);

  const facts = {
    ...identity,
    issuedAt: receipt.issuedAt,
    totalKopecks: receipt.totalKopecks,
    sellerName: receipt.seller,
    sellerInn: receipt.sellerInn,
    retailPlace: receipt.retailPlace,
  };
  const verdict = judgeReceipt(receipt, rulesOf(action), now);
  if (verdict.status !== 'success') return refuse(verdict.status, facts, itemRows(verdict.classification.items, true));

  try {
    return await awardReceipt(deps, { action, base, facts, items: itemRows(verdict.classification.items, true), countedKopecks: verdict.classification.countedKopecks, points: verdict.points });
  } catch (error) {
    // Another copy of this receipt won the race for the action's one success.
    if (postgresErrorCode(error) === PG_UNIQUE_VIOLATION || error instanceof ReplayedChange) return refuse('already_scanned', identity);
    if (error instanceof AppError && error.code === 'payment_required') {
      await repo.setProjectStatusMessage(deps.db, action.id, messages.receipts.sellerBalanceLowStatus);
      return refuse('seller_balance_low', facts, itemRows(verdict.classification.items, true));
    }
    throw error;
  }
}

async function awardReceipt(
  deps: ReceiptDeps,
  input: {
    action: ProjectRow;
    base: Omit<repo.NewReceipt, 'status'>;
    facts: Partial<repo.NewReceipt>;
    items: repo.NewReceiptItem[];
    countedKopecks: number;
    points: number;
  },
): Promise<CheckResponse> {
  const { action } = input;
  return deps.db.transaction(async (tx: Executor) => {
    // The seller's row lock orders receipts of one seller: the tier price reads a stable count.
    const seller = await lockUser(tx, action.userId);
    if (!seller) throw new AppError('not_found', messages.common.userNotFound);
    const fee = receiptPriceKopecks(seller.scannedReceipts, await readTierPrices(tx));
    const message = answerFor('success', action, { points: input.points });
    const receiptId = await repo.insertReceipt(
      tx,
      {
        ...input.base,
        ...input.facts,
        status: 'success',
        message,
        pointsAwarded: input.points,
        countedKopecks: input.countedKopecks,
        feeKopecks: fee,
        dedupe: action.checkDuplicates === 1,
      },
      input.items,
    );
    if (fee > 0) {
      await applyBalanceChange(tx, {
        userId: action.userId,
        kind: 'receipt_fee',
        amountKopecks: -fee,
        reference: `receipt:${receiptId}`,
        description: fillMessage(messages.billing.ledgerReceiptFee, { name: action.name }),
        now: input.base.scannedAt ?? new Date(),
      });
    }
    if (input.points > 0) {
      await repo.awardPoints(tx, {
        projectId: action.id,
        buyerTgId: input.base.buyerTgId,
        points: input.points,
        reason: `receipt ${receiptId}`,
        reference: `receipt:${receiptId}`,
      });
      if (action.puzzleBotToken && action.puzzleBotPointsVariable) await repo.enqueuePuzzleBotPush(tx, action.id, input.base.buyerTgId);
    }
    await repo.recordBuyerPurchase(tx, {
      userId: action.userId,
      projectId: action.id,
      buyerTgId: input.base.buyerTgId,
      kopecks: input.countedKopecks,
      // "Last purchase" is when the shopper bought, not when they scanned.
      at: input.facts.issuedAt ?? input.base.scannedAt ?? new Date(),
    });
    await repo.countSuccessfulReceipt(tx, action.userId, action.id);
    if (action.statusMessage === messages.receipts.sellerBalanceLowStatus) await repo.setProjectStatusMessage(tx, action.id, null);
    return answer('success', message, input.points);
  });
}
