import { RECEIPT_TIERS, type TierKey } from '../../../../contract/billing.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { receiptTierIndex } from '../../../../contract/tiers.js';
import { formatNumber } from '../../../lib/format.js';

export type TierPrices = Record<TierKey, number>;

export interface TierRow {
  key: TierKey;
  /** '0–200', '201–1 000', …, 'более 100 000' */
  label: string;
  price: number;
  current: boolean;
}

/** The receipt-count bounds of a tier, as the Tariffs table shows them. */
export function tierLabel(tier: (typeof RECEIPT_TIERS)[number]): string {
  if (tier.max === null) return fillMessage(messages.actionScreens.tierOver, { count: formatNumber(tier.min - 1) });
  return `${formatNumber(tier.min)}–${formatNumber(tier.max)}`;
}

/** Every tier with its price, the one holding `scanned` receipts marked current (SPEC §9). */
export function tierRows(prices: TierPrices, scanned: number): TierRow[] {
  const currentIndex = receiptTierIndex(scanned);
  return RECEIPT_TIERS.map((tier, index) => ({
    key: tier.key,
    label: tierLabel(tier),
    price: prices[tier.key],
    current: index === currentIndex,
  }));
}

/** What the seller's next receipt costs. */
export function currentReceiptPrice(prices: TierPrices, scanned: number): number {
  return prices[RECEIPT_TIERS[receiptTierIndex(scanned)]!.key];
}
