import { RECEIPT_TIERS } from './billing.js';

/**
 * Index in `RECEIPT_TIERS` of the tier whose bounds hold the number of receipts a seller
 * has already scanned (SPEC §9: 0–200 → 0, 201–1000 → 1, …, over 100 000 → 6).
 * A negative, fractional or non-finite count counts as its floor, never below the first tier.
 */
export function receiptTierIndex(scanned: number): number {
  const count = Number.isFinite(scanned) ? Math.max(0, Math.floor(scanned)) : 0;
  return RECEIPT_TIERS.findIndex((tier) => tier.max === null || count <= tier.max);
}
