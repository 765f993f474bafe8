import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS, TIER_KEYS } from '../../../../contract/billing.js';
import { currentReceiptPrice, tierRows, type TierPrices } from './tier-rows.js';

const prices = Object.fromEntries(TIER_KEYS.map((key) => [key, BILLING_DEFAULTS[key]])) as TierPrices;
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('tierRows', () => {
  it('labels every tier with its receipt-count bounds and price', () => {
    expect(tierRows(prices, 0).map((row) => [plain(row.label), row.price])).toEqual([
      ['0–200', 8],
      ['201–1 000', 6],
      ['1 001–5 000', 4],
      ['5 001–10 000', 2],
      ['10 001–50 000', 1.5],
      ['50 001–100 000', 1],
      ['более 100 000', 0.75],
    ]);
  });

  it.each([
    [0, 0],
    [200, 0],
    [201, 1],
    [1_001, 2],
    [100_000, 5],
    [100_001, 6],
  ])('with %i receipts scanned marks row %i, and only it, as current', (scanned, index) => {
    const rows = tierRows(prices, scanned);
    expect(rows.findIndex((row) => row.current)).toBe(index);
    expect(rows.filter((row) => row.current)).toHaveLength(1);
  });
});

describe('currentReceiptPrice', () => {
  it("is the current tier's configured price", () => {
    expect(currentReceiptPrice(prices, 0)).toBe(8);
    expect(currentReceiptPrice(prices, 201)).toBe(6);
    expect(currentReceiptPrice({ ...prices, receipt_price_tier7: 0.5 }, 500_000)).toBe(0.5);
  });
});
