import { fillMessage, messages } from '../../../../contract/messages.js';
import { pointsRuleText } from '../../../../contract/points.js';
import { normalizeItemStatus, type Receipt, type ReceiptStatus } from '../../../../contract/receipts.js';
import { formatDate } from '../../../lib/format.js';

const s = messages.receiptScreens;

/** How a verdict looks: accepted, refused by a rule of the action, or failed to check. */
export type ReceiptTone = 'success' | 'refused' | 'failed' | 'unknown';

const TONES: Record<ReceiptStatus, ReceiptTone> = {
  success: 'success',
  already_scanned: 'refused',
  not_recognized: 'refused',
  too_old: 'refused',
  no_items: 'refused',
  no_matching_product: 'refused',
  below_min_total: 'refused',
  subscription_inactive: 'refused',
  seller_balance_low: 'refused',
  prepayment: 'refused',
  limit_reached: 'refused',
  blocked: 'refused',
  cancelled: 'refused',
  error: 'failed',
  failed: 'failed',
};

export function receiptStatusTone(status: string | null | undefined): ReceiptTone {
  return (TONES as Record<string, ReceiptTone>)[status ?? ''] ?? 'unknown';
}

/** SPEC §4: an item counts towards the action's points, does not, or nobody knows. */
export function itemStatusText(status: unknown): string {
  switch (normalizeItemStatus(status)) {
    case 'counted':
      return s.itemCounted;
    case 'not_counted':
      return s.itemNotCounted;
    default:
      return s.notAvailable;
  }
}

/** The purchase date printed on the receipt; a receipt never read has only the date it was checked. */
export function receiptDateLabel(receipt: Pick<Receipt, 'dateTime' | 'scanned_at'>): string {
  return receipt.dateTime
    ? fillMessage(s.purchasedAt, { date: formatDate(receipt.dateTime) })
    : fillMessage(s.scannedAt, { date: formatDate(receipt.scanned_at) });
}

/** The rule a successful receipt earned by («Уровень «Золотой», 15 %»); null for others and for receipts from before the rules. */
export function receiptRuleText(receipt: Pick<Receipt, 'points_rule' | 'points_level' | 'points_percentage'>): string | null {
  if (receipt.points_rule === null || receipt.points_percentage === null) return null;
  return pointsRuleText(receipt.points_rule, receipt.points_level, receipt.points_percentage);
}
