import { describe, expect, it } from 'vitest';
import { RECEIPT_TIERS } from './billing.js';
import { receiptTierIndex } from './tiers.js';

describe('receiptTierIndex', () => {
  it.each([
    [0, 0],
    [200, 0],
    [201, 1],
    [1_000, 1],
    [1_001, 2],
    [5_000, 2],
    [5_001, 3],
    [10_000, 3],
    [10_001, 4],
    [50_000, 4],
    [50_001, 5],
    [100_000, 5],
    [100_001, 6],
    [10_000_000, 6],
  ])('%i receipts already scanned → tier index %i', (scanned, index) => {
    expect(receiptTierIndex(scanned)).toBe(index);
  });

  it('treats a negative, fractional or non-finite count as the floor, never below the first tier', () => {
    expect(receiptTierIndex(-5)).toBe(0);
    expect(receiptTierIndex(200.9)).toBe(0);
    expect(receiptTierIndex(Number.NaN)).toBe(0);
  });

  it('the index always names a tier whose bounds hold the count', () => {
    for (const scanned of [0, 1, 199, 200, 201, 999, 1_000, 1_001, 77_777, 100_000, 100_001]) {
      const tier = RECEIPT_TIERS[receiptTierIndex(scanned)]!;
      expect(scanned).toBeGreaterThanOrEqual(tier.min);
      if (tier.max !== null) expect(scanned).toBeLessThanOrEqual(tier.max);
    }
  });
});
