import { normaliseItemName } from '../../../contract/item-name.js';
import type { OzonPosting, OzonReturn } from '../../integrations/ozon/client.js';
import type { WildberriesOrderRow, WildberriesSaleRow } from '../../integrations/wildberries/client.js';
import { moscowDay } from '../analytics/period.js';

/** What a marketplace row of units keeps, whether sold, returned or ordered. */
interface UnitsRow {
  externalId: string;
  moscowDay: string;
  productName: string;
  nameKey: string;
  article: string | null;
  units: number;
  amountKopecks: number;
  changedAt: Date;
}

/** One row of units sold or returned, as `marketplace_sales` keeps it. */
export interface SaleRow extends UnitsRow {
  kind: 'sale' | 'return';
  happenedAt: Date;
}

/** One order of units, as `marketplace_orders` keeps it: `cancelledAt` once the order is cancelled. */
export interface OrderRow extends UnitsRow {
  orderedAt: Date;
  cancelledAt: Date | null;
}

/** Wildberries writes its times in Moscow time without an offset ("2026-11-20T14:05:09"); one with an offset is read as written. */
export function wildberriesTime(text: string): Date {
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}+03:00`;
  const time = new Date(withZone);
  if (Number.isNaN(time.getTime())) throw new Error(`not a Wildberries time: ${text}`);
  return time;
}

/**
 * A Wildberries sales row: one unit each, `saleID` `R…` a return (its prices negative), any other
 * letter a sale. The statistics API names no product card, so the product is its `subject` (the
 * card's subject, what receipts' item names begin with), else the supplier's article.
 */
export function wildberriesSale(row: WildberriesSaleRow): SaleRow {
  const happenedAt = wildberriesTime(row.date);
  const productName = row.subject?.trim() || row.supplierArticle?.trim() || String(row.nmId ?? row.saleID);
  return {
    externalId: row.saleID,
    kind: row.saleID.startsWith('R') ? 'return' : 'sale',
    happenedAt,
    moscowDay: moscowDay(happenedAt),
    productName,
    nameKey: normaliseItemName(productName),
    article: row.supplierArticle?.trim() || (row.nmId ? String(row.nmId) : null),
    units: 1,
    amountKopecks: Math.round(Math.abs(row.finishedPrice) * 100),
    changedAt: wildberriesTime(row.lastChangeDate),
  };
}

/**
 * A Wildberries orders row: one unit ordered, keyed by `srid`, on the Moscow day it was ordered,
 * its product named as a sale's is. A cancelled one (`isCancel`) keeps its `cancelDate`, or its
 * change's time where the report writes none ("0001-01-01T00:00:00").
 */
export function wildberriesOrder(row: WildberriesOrderRow): OrderRow {
  const orderedAt = wildberriesTime(row.date);
  const changedAt = wildberriesTime(row.lastChangeDate);
  const productName = row.subject?.trim() || row.supplierArticle?.trim() || String(row.nmId ?? row.srid);
  const cancelDate = row.cancelDate && !row.cancelDate.startsWith('0001-') ? wildberriesTime(row.cancelDate) : changedAt;
  return {
    externalId: row.srid,
    orderedAt,
    moscowDay: moscowDay(orderedAt),
    productName,
    nameKey: normaliseItemName(productName),
    article: row.supplierArticle?.trim() || (row.nmId ? String(row.nmId) : null),
    units: 1,
    amountKopecks: Math.round(Math.abs(row.finishedPrice ?? row.priceWithDisc ?? row.totalPrice) * 100),
    cancelledAt: row.isCancel ? cancelDate : null,
    changedAt,
  };
}

/** A moment as Wildberries' `dateFrom` takes it: Moscow time without an offset. */
export function wildberriesTimeText(time: Date): string {
  return new Date(time.getTime() + 3 * 3_600_000).toISOString().slice(0, 19);
}

/** Ozon's postings that are no sale: cancelled before the buyer got them. */
export function isCancelledPosting(posting: OzonPosting): boolean {
  return posting.status === 'cancelled';
}

/**
 * An Ozon posting's products, one row each (`posting_number:sku`): units are the quantity, the
 * amount its price times the quantity, the day the posting was taken into work. A posting does
 * not change once taken, so it is its own change time.
 */
export function ozonSales(posting: OzonPosting): SaleRow[] {
  const at = posting.in_process_at ?? posting.created_at;
  if (!at) throw new Error(`Ozon posting ${posting.posting_number} has no time`);
  const happenedAt = new Date(at);
  if (Number.isNaN(happenedAt.getTime())) throw new Error(`not an Ozon time: ${at}`);
  return posting.products.map((product) => ({
    externalId: `${posting.posting_number}:${product.sku}`,
    kind: 'sale' as const,
    happenedAt,
    moscowDay: moscowDay(happenedAt),
    productName: product.name,
    nameKey: normaliseItemName(product.name),
    article: product.offer_id?.trim() || String(product.sku),
    units: product.quantity,
    amountKopecks: Math.round(Number(product.price) * 100) * product.quantity,
    changedAt: happenedAt,
  }));
}

/**
 * Ozon's returns that are units given back: a buyer's return after delivery (`ClientReturn`) and
 * a partial refusal at delivery (`PartialReturn`). A cancellation before delivery and a full
 * refusal at it (Ozon marks that posting cancelled) are the cancelled posting's, already no sale;
 * a technical return (`Unknown`) is no buyer's.
 */
const COUNTED_OZON_RETURNS = new Set(['ClientReturn', 'PartialReturn']);

/**
 * An Ozon return as a row of units returned (`return:<id>`), on the Moscow day the buyer gave it
 * back (`logistic.return_date`); undefined for a return that is not counted or not given back yet
 * (its status changes when it is, and the next pass reads it again).
 */
export function ozonReturn(entry: OzonReturn): SaleRow | undefined {
  const returnedOn = entry.logistic?.return_date;
  if (!COUNTED_OZON_RETURNS.has(entry.type) || !returnedOn) return undefined;
  const happenedAt = new Date(returnedOn);
  if (Number.isNaN(happenedAt.getTime())) throw new Error(`not an Ozon time: ${returnedOn}`);
  const changedAt = entry.visual?.change_moment ? new Date(entry.visual.change_moment) : happenedAt;
  const units = entry.product.quantity ?? 1;
  return {
    externalId: `return:${entry.id}`,
    kind: 'return',
    happenedAt,
    moscowDay: moscowDay(happenedAt),
    productName: entry.product.name,
    nameKey: normaliseItemName(entry.product.name),
    article: entry.product.offer_id?.trim() || entry.product.sku,
    units,
    amountKopecks: Math.round((entry.product.price?.price ?? 0) * 100) * units,
    changedAt: Number.isNaN(changedAt.getTime()) ? happenedAt : changedAt,
  };
}
