import type { ModuleManifest } from '../../platform/manifest.js';
import { buyerRoutes } from './routes.js';

/** Shoppers' statistics, the buyer card and manual point adjustments. */
export const buyersModule: ModuleManifest = {
  name: 'buyers',
  routes: (context) => [buyerRoutes(context)],
};
