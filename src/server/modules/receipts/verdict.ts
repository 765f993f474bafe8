import { itemNameContains } from '../../../contract/item-name.js';
import type { ReceiptStatus } from '../../../contract/receipts.js';
import type { TaxReceipt, TaxReceiptItem } from './tax-receipt.js';

// Pure rules of a receipt check, in the order they are applied (docs/decisions.md):
// action open → recognisable sale → not a duplicate → recent enough → the seller's goods →
// the goods handed over (not a prepayment) → the product named by the action → the minimum total → success,
// its points cut to the action's cap per receipt.

export interface ActionRules {
  isActive: boolean;
  subscriptionEndDate: Date | null;
  inns: readonly string[];
  receiptValidityDays: number;
  checkDuplicates: number;
  pointsPercentage: number;
  productKeywords: readonly string[];
  minTotalKopecks: number;
  /** Points one receipt may earn at most; null: no cap. */
  maxPointsPerReceipt: number | null;
}

export function isActionOpen(action: Pick<ActionRules, 'isActive' | 'subscriptionEndDate'>, now: Date): boolean {
  return action.isActive && action.subscriptionEndDate !== null && action.subscriptionEndDate.getTime() > now.getTime();
}

/** Only sales earn points: returns, expenses and their returns are not purchases. */
export function isSale(operationType: number): boolean {
  return operationType === 1;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A receipt older than the action's validity period (in days, counted from the moment of the check). */
export function isTooOld(issuedAt: Date, now: Date, validityDays: number): boolean {
  return now.getTime() - issuedAt.getTime() > validityDays * DAY_MS;
}

/**
 * Marketplace receipts are agent sales (FNS tag 1226): the item's real seller is its
 * `providerInn`; only items without one fall back to the receipt's seller INN.
 */
export function itemSellerInn(item: TaxReceiptItem, receipt: Pick<TaxReceipt, 'sellerInn'>): string {
  return item.providerInn ?? receipt.sellerInn;
}

/** No keywords: every item; otherwise an item whose name contains one of them (contract/item-name.ts). */
export function matchesKeywords(name: string, keywords: readonly string[]): boolean {
  if (keywords.length === 0) return true;
  return keywords.some((keyword) => itemNameContains(name, keyword));
}

/**
 * FNS tag 1214: the goods were handed over with 4 «полный расчёт», 5 «частичный расчёт и кредит»
 * and 6 «передача в кредит»; an item without the tag (older formats) counts as handed over.
 * 1–3 (prepayment, advance) come before the goods, 7 «оплата кредита» after them: the purchase
 * itself is on another receipt, which earns instead.
 */
export function isHandedOver(paymentMethod: number | null): boolean {
  return paymentMethod === null || paymentMethod === 4 || paymentMethod === 5 || paymentMethod === 6;
}

export interface ClassifiedItem extends TaxReceiptItem {
  status: 'counted' | 'not_counted';
}

export interface ItemClassification {
  items: ClassifiedItem[];
  /** Items of the action's INNs, before the product-name rule. */
  sellerItemCount: number;
  /** Of those, items whose goods were handed over (not prepayments). */
  handedOverItemCount: number;
  countedKopecks: number;
}

export function classifyItems(receipt: TaxReceipt, action: Pick<ActionRules, 'inns' | 'productKeywords'>): ItemClassification {
  const inns = new Set(action.inns.map((inn) => inn.trim()));
  let sellerItemCount = 0;
  let handedOverItemCount = 0;
  let countedKopecks = 0;
  const items = receipt.items.map((item): ClassifiedItem => {
    const ours = inns.has(itemSellerInn(item, receipt));
    const handedOver = ours && isHandedOver(item.paymentMethod);
    if (ours) sellerItemCount++;
    if (handedOver) handedOverItemCount++;
    const counted = handedOver && matchesKeywords(item.name, action.productKeywords);
    if (counted) countedKopecks += item.sumKopecks;
    return { ...item, status: counted ? 'counted' : 'not_counted' };
  });
  return { items, sellerItemCount, handedOverItemCount, countedKopecks };
}

/**
 * Points are the action's percent of the counted goods' sum, 1 point per ruble, rounded
 * down to whole points (a shopper never gets a point they did not fully earn).
 */
export function pointsFor(countedKopecks: number, percent: number): number {
  const basisPoints = Math.round(percent * 100); // 7.5 % → 750
  return Math.floor((countedKopecks * basisPoints) / 1_000_000);
}

export type GoodsVerdict =
  | {
      status: Extract<ReceiptStatus, 'too_old' | 'no_items' | 'prepayment' | 'no_matching_product' | 'below_min_total'>;
      classification: ItemClassification;
    }
  | {
      status: 'success';
      classification: ItemClassification;
      points: number;
      /** The action's cap when it cut the receipt's points (the answer says so); null when the points are as earned. */
      cappedAt: number | null;
    };

/** A receipt's points under the action's cap: a receipt that would earn more earns exactly the cap. */
export function capPoints(points: number, cap: number | null): { points: number; cappedAt: number | null } {
  return cap !== null && points > cap ? { points: cap, cappedAt: cap } : { points, cappedAt: null };
}

/** The verdict on a recognised, non-duplicate sale receipt. */
export function judgeReceipt(receipt: TaxReceipt, action: ActionRules, now: Date): GoodsVerdict {
  const classification = classifyItems(receipt, action);
  if (isTooOld(receipt.issuedAt, now, action.receiptValidityDays)) return { status: 'too_old', classification };
  if (classification.sellerItemCount === 0) return { status: 'no_items', classification };
  if (classification.handedOverItemCount === 0) return { status: 'prepayment', classification };
  if (classification.countedKopecks === 0 && action.productKeywords.length > 0) return { status: 'no_matching_product', classification };
  if (action.minTotalKopecks > 0 && classification.countedKopecks < action.minTotalKopecks)
    return { status: 'below_min_total', classification };
  const { points, cappedAt } = capPoints(pointsFor(classification.countedKopecks, action.pointsPercentage), action.maxPointsPerReceipt);
  return { status: 'success', classification, points, cappedAt };
}
