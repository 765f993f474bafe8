import { botModule } from './modules/bot/module.js';
import { birthdayModule } from './modules/birthday/module.js';
import { dailyBonusModule } from './modules/daily-bonus/module.js';
import { drawsModule } from './modules/draws/module.js';
import { faqModule } from './modules/faq/module.js';
import { featureSettingsModule } from './modules/feature-settings/module.js';
import { moderationModule } from './modules/moderation/module.js';
import { pointsModule } from './modules/points/module.js';
import { productGuidesModule } from './modules/product-guides/module.js';
import { promoCodesModule } from './modules/promo-codes/module.js';
import { referralModule } from './modules/referral/module.js';
import { supportModule } from './modules/support/module.js';
import { surveysModule } from './modules/surveys/module.js';
import type { ModuleManifest } from './platform/manifest.js';

/**
 * Every module that plugs into the app through its manifest, once. The order is the bot menu's
 * and the order hooks run after an award: points' lines first, the promo code issued before the
 * functions that follow purchases. One per line, so additions never collide.
 */
// prettier-ignore
export const MODULES: readonly ModuleManifest[] = [
  pointsModule,
  promoCodesModule,
  referralModule,
  birthdayModule,
  dailyBonusModule,
  moderationModule,
  surveysModule,
  drawsModule,
  supportModule,
  faqModule,
  productGuidesModule,
  featureSettingsModule,
  botModule,
];
