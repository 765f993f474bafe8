import type { Transform } from 'node:stream';
import { EXPORT_HEADERS } from '../../../contract/exports.js';
import { messages } from '../../../contract/messages.js';
import { pointsRuleText } from '../../../contract/points.js';
import { receiptStatusLabel, shownReceiptStatus, type ReceiptStatusFilter } from '../../../contract/receipts.js';
import type { Executor } from '../../db/connection.js';
import { moscowDay } from '../analytics/period.js';
import { findOwnProject } from '../buyers/card-repository.js';
import { buyerLevel } from '../buyers/card-service.js';
import type { BuyerFilter } from '../buyers/repository.js';
import { attachment, csvDate, csvDateTime, csvRubles, csvStream, csvText, type CsvColumn } from '../../csv.js';
import {
  buyerRows,
  ledgerRows,
  receiptItemRows,
  receiptRows,
  type BuyerExportRow,
  type LedgerExportRow,
  type ReceiptExportRow,
  type ReceiptItemExportRow,
} from './repository.js';

export interface CsvDownload {
  disposition: string;
  body: Transform;
}

export interface ExportDeps {
  db: Executor;
  now: () => Date;
}

const DAY_MS = 86_400_000;

function columns<Row>(headers: readonly string[], values: ((row: Row) => string | number)[]): CsvColumn<Row>[] {
  return headers.map((header, index) => ({ header, value: values[index]! }));
}

const fileName = (deps: ExportDeps, what: string) => attachment(`scanapp-${what}-${moscowDay(deps.now())}.csv`);

/** One line per receipt of the history's filter (all actions or one, every status or one), newest first. */
export function receiptsCsv(deps: ExportDeps, sellerId: number, filter: { projectId?: number; status?: ReceiptStatusFilter }): CsvDownload {
  const receiptColumns = columns<ReceiptExportRow>(EXPORT_HEADERS.receipts, [
    (row) => csvDateTime(row.scannedAt),
    (row) => csvDateTime(row.issuedAt),
    (row) => csvText(row.projectName),
    (row) => csvText(row.buyerTgId),
    (row) => receiptStatusLabel(shownReceiptStatus(row)),
    (row) => csvRubles(row.countedKopecks),
    (row) => row.pointsAwarded,
    (row) => (row.pointsRule && row.pointsPercentage !== null ? pointsRuleText(row.pointsRule, row.pointsLevel, row.pointsPercentage) : ''),
    (row) => csvRubles(row.feeKopecks),
    (row) => csvDateTime(row.cancelledAt),
    (row) => csvText(row.cancelReason ?? ''),
    (row) => row.pointsCancelled ?? '',
  ]);
  return {
    disposition: fileName(deps, filter.projectId === undefined ? 'receipts' : `receipts-action-${filter.projectId}`),
    body: csvStream(receiptColumns, receiptRows(deps.db, sellerId, filter)),
  };
}

/** A quantity as Excel in Russian reads it: a comma before the fraction, nothing after a whole number. */
const csvQuantity = (quantity: number) => String(Number(quantity.toFixed(6))).replace('.', ',');

/**
 * `?items=1`: one line per item of the history's filtered receipts (a receipt without items, one
 * the tax service did not recognise, has none), with its receipt, action and shopper, and whether
 * the item counted for the action (the seller's INN, the product keywords).
 */
export function receiptItemsCsv(
  deps: ExportDeps,
  sellerId: number,
  filter: { projectId?: number; status?: ReceiptStatusFilter },
): CsvDownload {
  const e = messages.exports;
  const itemColumns = columns<ReceiptItemExportRow>(EXPORT_HEADERS.receiptItems, [
    (row) => csvDateTime(row.scannedAt),
    (row) => csvDateTime(row.issuedAt),
    (row) => csvText(row.projectName),
    (row) => csvText(row.buyerTgId),
    (row) => receiptStatusLabel(shownReceiptStatus(row)),
    // Stored from 0 (the tax service's order); a reader counts from 1.
    (row) => row.position + 1,
    (row) => csvText(row.name),
    (row) => csvRubles(row.priceKopecks),
    (row) => csvQuantity(row.quantity),
    (row) => csvRubles(row.sumKopecks),
    (row) => csvText(row.providerInn),
    (row) => (row.counted ? e.itemCounted : e.itemNotCounted),
  ]);
  const what = filter.projectId === undefined ? 'receipt-items' : `receipt-items-action-${filter.projectId}`;
  return { disposition: fileName(deps, what), body: csvStream(itemColumns, receiptItemRows(deps.db, sellerId, filter)) };
}

type BuyerCsvRow = BuyerExportRow & { level: string | null };

/** The rows with the buyer's level in the chosen action (none over every action: levels are each action's). */
async function* withLevels(deps: ExportDeps, sellerId: number, projectId: number | undefined, rows: AsyncIterable<BuyerExportRow>) {
  const action = projectId === undefined ? undefined : await findOwnProject(deps.db, sellerId, projectId);
  for await (const row of rows)
    yield { ...row, level: action ? (buyerLevel(action, row.totalKopecks - row.heldKopecks)?.name ?? null) : null };
}

/**
 * The Buyers page's rows with its filters and order, with the names the bot remembered (empty
 * when the buyer never wrote to it) and, with one action chosen, the level, points and nearest expiry.
 */
export function buyersCsv(
  deps: ExportDeps,
  sellerId: number,
  query: { project_id?: number; period_days?: number; sort?: BuyerFilter['sort']; order: 'asc' | 'desc'; suspicious: boolean },
): CsvDownload {
  const buyerColumns = columns<BuyerCsvRow>(EXPORT_HEADERS.buyers, [
    (row) => csvText(row.buyerId),
    (row) => csvText(row.firstName ?? ''),
    (row) => csvText(row.username ?? ''),
    (row) => row.successfulReceipts,
    (row) => csvRubles(row.totalKopecks),
    (row) => csvDateTime(row.lastReceiptAt),
    (row) => csvText(row.level),
    (row) => row.points ?? '',
    (row) => row.heldPoints ?? '',
    (row) => row.nearestExpiry?.points ?? '',
    (row) => csvDate(row.nearestExpiry?.expiresAt ?? null),
    (row) => csvText(row.phone),
  ]);
  const rows = buyerRows(deps.db, {
    userId: sellerId,
    projectId: query.project_id,
    since: query.period_days === undefined ? undefined : new Date(deps.now().getTime() - query.period_days * DAY_MS),
    suspicious: query.suspicious,
    // As the Buyers page: without a chosen column, latest purchase first.
    sort: query.sort ?? 'last_receipt_at',
    order: query.sort ? query.order : 'desc',
  });
  return { disposition: fileName(deps, 'buyers'), body: csvStream(buyerColumns, withLevels(deps, sellerId, query.project_id, rows)) };
}

/** The seller's balance statement, newest operation first. */
export function balanceCsv(deps: ExportDeps, sellerId: number): CsvDownload {
  const ledgerColumns = columns<LedgerExportRow>(EXPORT_HEADERS.balance, [
    (row) => csvDateTime(row.createdAt),
    (row) => csvText(row.description),
    (row) => csvRubles(row.amountKopecks),
    (row) => csvRubles(row.balanceAfterKopecks),
  ]);
  return { disposition: fileName(deps, 'balance'), body: csvStream(ledgerColumns, ledgerRows(deps.db, sellerId)) };
}
