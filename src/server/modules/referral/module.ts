import type { ModuleManifest } from '../../platform/manifest.js';
import { referralFeature } from './bot.js';
import { referralInvariants } from './invariants.js';
import { rewardInvitation } from './service.js';
import { referralSegmentCondition } from './segment-condition.js';

/** «Пригласить друга»: the link, `/start r_<code>`, both rewarded after the friend's first award. */
export const referralModule: ModuleManifest = {
  name: 'referral',
  bot: [referralFeature],
  afterAward: rewardInvitation,
  segmentConditions: referralSegmentCondition,
  invariants: referralInvariants,
};
