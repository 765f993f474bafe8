import type { ModuleManifest } from '../../platform/manifest.js';
import { dailyBonusFeature } from './bot.js';
import { dailyBonusRoutes } from './routes.js';

/** The daily bonus: a random number of points once per Moscow day for a buyer of the action. */
export const dailyBonusModule: ModuleManifest = {
  name: 'daily-bonus',
  routes: (context) => [dailyBonusRoutes(context)],
  bot: [dailyBonusFeature],
};
