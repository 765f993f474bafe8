import type { ModuleManifest } from '../../platform/manifest.js';
import { buyerPhoneFeature, offerToSharePhone } from './phone.js';
import { buyerRoutes } from './routes.js';

/** Shoppers' statistics, the buyer card, manual point adjustments and the phone a shopper shares with the bot. */
export const buyersModule: ModuleManifest = {
  name: 'buyers',
  routes: (context) => [buyerRoutes(context)],
  bot: [buyerPhoneFeature],
  afterAward: offerToSharePhone,
};
