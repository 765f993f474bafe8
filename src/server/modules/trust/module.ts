import type { ModuleManifest } from '../../platform/manifest.js';
import { trustInvariants } from './invariants.js';

/**
 * Shoppers' blocks and suspicious flags: what every path that gives points asks ("is this shopper
 * blocked here?") and the invariants of both. The seller blocks from the buyer card (buyers), the
 * check raises the flags (receipts).
 */
export const trustModule: ModuleManifest = {
  name: 'trust',
  invariants: trustInvariants,
};
