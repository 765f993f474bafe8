import type { ModuleManifest } from '../../platform/manifest.js';
import { dailyBonusFeature } from './bot.js';
import { dailyBonusRoutes } from './routes.js';
import { wheelRoutes } from './wheel-routes.js';

/** The daily bonus: once per Moscow day a buyer of the action gets a random number of points, or spins the wheel of fortune in the Mini App. */
export const dailyBonusModule: ModuleManifest = {
  name: 'daily-bonus',
  routes: (context) => [dailyBonusRoutes(context), wheelRoutes(context)],
  bot: [dailyBonusFeature],
};
