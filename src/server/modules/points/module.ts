import type { ModuleManifest } from '../../platform/manifest.js';
import { pointsFeature } from './bot.js';
import { pointsExpiryJob } from './expiry-job.js';
import { pointsInvariants } from './invariants.js';
import { pointsReleaseJob } from './release-job.js';

/**
 * Shoppers' points: the ledger, levels, the hold for returns with its release, and expiry with its
 * reminders; the bot's lines about them. Held points are released before expiry runs, so points
 * released on a day count from it.
 */
export const pointsModule: ModuleManifest = {
  name: 'points',
  jobs: (context) => [pointsReleaseJob(context), pointsExpiryJob(context)],
  bot: [pointsFeature],
  invariants: pointsInvariants,
};
