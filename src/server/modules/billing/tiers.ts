import { RECEIPT_TIERS, type TierKey } from '../../../contract/billing.js';
import { receiptTierIndex } from '../../../contract/tiers.js';

/**
 * The tier whose bounds hold the number of receipts the seller has already scanned
 * (SPEC §9: 0–200 → tier 1, 201–1000 → tier 2, …, over 100 000 → tier 7).
 */
export function receiptTierFor(scannedReceipts: number): { index: number; key: TierKey } {
  const index = receiptTierIndex(scannedReceipts);
  return { index, key: RECEIPT_TIERS[index]!.key };
}

/** Price of the next receipt in kopecks, from the tier prices in rubles. */
export function receiptPriceKopecks(scannedReceipts: number, tierPrices: Record<TierKey, number>): number {
  return Math.round(tierPrices[receiptTierFor(scannedReceipts).key] * 100);
}
