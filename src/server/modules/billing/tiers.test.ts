import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS, RECEIPT_TIERS, TIER_KEYS } from '../../../contract/billing.js';
import { receiptPriceKopecks, receiptTierFor } from './tiers.js';
import { SPEC_TIER_TABLE } from './spec-tier-table.js';

const prices = Object.fromEntries(TIER_KEYS.map((key) => [key, BILLING_DEFAULTS[key]])) as Record<(typeof TIER_KEYS)[number], number>;

describe('per-receipt price tiers', () => {
  it.each(SPEC_TIER_TABLE)('%i receipts already scanned → tier %i, %i kopecks', (scanned, tier, kopecks) => {
    expect(receiptTierFor(scanned).index + 1).toBe(tier);
    expect(receiptPriceKopecks(scanned, prices)).toBe(kopecks);
  });

  it('treats a negative or fractional count as its floor, never below tier 1', () => {
    expect(receiptTierFor(-5).index).toBe(0);
    expect(receiptTierFor(200.9).index).toBe(0);
  });

  it('covers every count with exactly one tier', () => {
    for (let i = 1; i < RECEIPT_TIERS.length; i++) {
      expect(RECEIPT_TIERS[i]!.min).toBe(RECEIPT_TIERS[i - 1]!.max! + 1);
    }
    expect(RECEIPT_TIERS.at(-1)!.max).toBeNull();
  });

  it('uses the configured prices', () => {
    expect(receiptPriceKopecks(0, { ...prices, receipt_price_tier1: 9.99 })).toBe(999);
  });
});
