/**
 * SPEC §9's tier table written out by hand, for tests: receipts the seller has already scanned →
 * tier (1-based), default price in kopecks. The TypeScript rule (tiers.ts) and the award's SQL
 * (db/functions/award_receipt.sql) are both held to it.
 */
export const SPEC_TIER_TABLE: ReadonlyArray<readonly [scanned: number, tier: number, kopecks: number]> = [
  [0, 1, 800],
  [200, 1, 800],
  [201, 2, 600],
  [1_000, 2, 600],
  [1_001, 3, 400],
  [5_000, 3, 400],
  [5_001, 4, 200],
  [10_000, 4, 200],
  [10_001, 5, 150],
  [50_000, 5, 150],
  [50_001, 6, 100],
  [100_000, 6, 100],
  [100_001, 7, 75],
  [5_000_000, 7, 75],
];
