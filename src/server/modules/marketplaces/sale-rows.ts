import { normaliseItemName } from '../../../contract/item-name.js';
import type { OzonPosting } from '../../integrations/ozon/client.js';
import type { WildberriesSaleRow } from '../../integrations/wildberries/client.js';
import { moscowDay } from '../analytics/period.js';

/** One row of units sold or returned, as `marketplace_sales` keeps it. */
export interface SaleRow {
  externalId: string;
  kind: 'sale' | 'return';
  happenedAt: Date;
  moscowDay: string;
  productName: string;
  nameKey: string;
  article: string | null;
  units: number;
  amountKopecks: number;
  changedAt: Date;
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
