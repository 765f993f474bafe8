import type { BuyerFlagKind } from '../../../contract/trust.js';
import type { ModuleLog } from '../../platform/manifest.js';

export interface RaisedFlag {
  sellerId: number;
  projectId: number;
  buyerTgId: string;
  kind: BuyerFlagKind;
}

/**
 * Called once per flag, when a check raises it for the first time: the place where telling the
 * seller (a mail, a cabinet notice) will hook in. Until then the flag is written to the log, and
 * the seller finds it on the buyer card and under «Подозрительные» in the Buyers list.
 */
export function buyerFlagged(log: Pick<ModuleLog, 'info'>, flag: RaisedFlag): void {
  log.info(flag, 'shopper flagged as suspicious');
}
