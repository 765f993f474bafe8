import type { ModuleManifest } from '../../platform/manifest.js';
import { birthdayFeature } from './bot.js';
import { birthdayInvariants } from './invariants.js';
import { birthdaysJob } from './job.js';
import { birthdayRoutes } from './routes.js';
import { birthdaySegmentCondition } from './segment-condition.js';

/** Birthdays: the shopper's day and month, and a greeting with points from 10:00 Moscow time, once a year. */
export const birthdayModule: ModuleManifest = {
  name: 'birthday',
  routes: (context) => [birthdayRoutes(context)],
  jobs: (context) => [birthdaysJob(context)],
  bot: [birthdayFeature],
  segmentConditions: birthdaySegmentCondition,
  invariants: birthdayInvariants,
};
