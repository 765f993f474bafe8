import type { ModuleManifest } from '../../platform/manifest.js';
import { promoCodesFeature } from './bot.js';
import { promoCodeRoutes } from './routes.js';
import { issuePromoCode } from './service.js';

/** Promo codes for the next purchase, given with a successful receipt by the action's rule. */
export const promoCodesModule: ModuleManifest = {
  name: 'promo-codes',
  routes: (context) => [promoCodeRoutes(context)],
  bot: [promoCodesFeature],
  async afterAward(deps, awarded) {
    const code = await issuePromoCode(deps, awarded);
    return code === undefined ? {} : { promo_code: code };
  },
};
