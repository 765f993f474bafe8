import type { ModuleManifest } from '../../platform/manifest.js';
import { pointsFeature } from './bot.js';
import { pointsExpiryJob } from './expiry-job.js';
import { pointsInvariants } from './invariants.js';

/** Shoppers' points: the ledger, levels and expiry with its reminders; the bot's lines about them. */
export const pointsModule: ModuleManifest = {
  name: 'points',
  jobs: (context) => [pointsExpiryJob(context)],
  bot: [pointsFeature],
  invariants: pointsInvariants,
};
