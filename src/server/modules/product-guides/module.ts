import type { ModuleManifest } from '../../platform/manifest.js';
import { productGuidesFeature } from './bot.js';
import { productGuideRoutes } from './routes.js';
import { giveGuidesAndWarranties } from './service.js';

/** Product guides and electronic warranty: after a matching receipt, its guide and a stored warranty; `/warranty`. */
export const productGuidesModule: ModuleManifest = {
  name: 'product-guides',
  routes: (context) => [productGuideRoutes(context)],
  bot: [productGuidesFeature],
  afterAward: giveGuidesAndWarranties,
};
