/**
 * The tariff's keys, defaults and receipt tiers, with no imports: the public pages show the live
 * prices and must not pull in the contract's schemas (the landing's JavaScript budget).
 */

/** SPEC §9 billing settings and their defaults, in rubles. */
export const TIER_KEYS = [
  'receipt_price_tier1',
  'receipt_price_tier2',
  'receipt_price_tier3',
  'receipt_price_tier4',
  'receipt_price_tier5',
  'receipt_price_tier6',
  'receipt_price_tier7',
] as const;
export type TierKey = (typeof TIER_KEYS)[number];

export const BILLING_SETTING_KEYS = ['account_activation_price', 'project_subscription_price', ...TIER_KEYS] as const;
export type BillingSettingKey = (typeof BILLING_SETTING_KEYS)[number];

export const BILLING_DEFAULTS: Record<BillingSettingKey, number> = {
  account_activation_price: 20_000,
  // SPEC gives no default; see docs/decisions.md.
  project_subscription_price: 3_000,
  receipt_price_tier1: 8,
  receipt_price_tier2: 6,
  receipt_price_tier3: 4,
  receipt_price_tier4: 2,
  receipt_price_tier5: 1.5,
  receipt_price_tier6: 1,
  receipt_price_tier7: 0.75,
};

/** Receipts already scanned → tier (SPEC §9). `max` is inclusive; the last tier is open-ended. */
export const RECEIPT_TIERS: ReadonlyArray<{ key: TierKey; min: number; max: number | null }> = [
  { key: 'receipt_price_tier1', min: 0, max: 200 },
  { key: 'receipt_price_tier2', min: 201, max: 1_000 },
  { key: 'receipt_price_tier3', min: 1_001, max: 5_000 },
  { key: 'receipt_price_tier4', min: 5_001, max: 10_000 },
  { key: 'receipt_price_tier5', min: 10_001, max: 50_000 },
  { key: 'receipt_price_tier6', min: 50_001, max: 100_000 },
  { key: 'receipt_price_tier7', min: 100_001, max: null },
];
