import type { Marketplace } from './marketplace-link.js';

/**
 * Which marketplace issued a fiscal receipt: Wildberries and Ozon sell as agents and issue the
 * shopper's receipt under their own INN (the receipt's `userInn`, stored as receipts.seller_inn);
 * the seller's INN is on the items (tag 1226). The payoff figures tell a receipt's marketplace by
 * this, and only by this.
 */
export const MARKETPLACE_ISSUER_INNS = {
  wildberries: '7721546864',
  ozon: '7704217370',
} as const satisfies Record<Marketplace, string>;

export type IssuingMarketplace = keyof typeof MARKETPLACE_ISSUER_INNS;

export const ISSUING_MARKETPLACES = Object.keys(MARKETPLACE_ISSUER_INNS) as IssuingMarketplace[];
