import { accountModule } from './modules/account/module.js';
import { actionsModule } from './modules/actions/module.js';
import { adminModule } from './modules/admin/module.js';
import { analyticsModule } from './modules/analytics/module.js';
import { apiKeysModule } from './modules/api-keys/module.js';
import { auditModule } from './modules/audit/module.js';
import { authModule } from './modules/auth/module.js';
import { billingModule } from './modules/billing/module.js';
import { birthdayModule } from './modules/birthday/module.js';
import { botModule } from './modules/bot/module.js';
import { buyersModule } from './modules/buyers/module.js';
import { dailyBonusModule } from './modules/daily-bonus/module.js';
import { drawsModule } from './modules/draws/module.js';
import { exportsModule } from './modules/exports/module.js';
import { faqModule } from './modules/faq/module.js';
import { featureSettingsModule } from './modules/feature-settings/module.js';
import { mailModule } from './modules/mail/module.js';
import { mailingModule } from './modules/mailing/module.js';
import { marketplacesModule } from './modules/marketplaces/module.js';
import { moderationModule } from './modules/moderation/module.js';
import { operatorModule } from './modules/operator/module.js';
import { paymentsModule } from './modules/payments/module.js';
import { payoffModule } from './modules/payoff/module.js';
import { pointsModule } from './modules/points/module.js';
import { productGuidesModule } from './modules/product-guides/module.js';
import { promoCodesModule } from './modules/promo-codes/module.js';
import { publicApiModule } from './modules/public-api/module.js';
import { receiptsModule } from './modules/receipts/module.js';
import { referralModule } from './modules/referral/module.js';
import { segmentsModule } from './modules/segments/module.js';
import { sellerNoticesModule } from './modules/seller-notices/module.js';
import { shopModule } from './modules/shop/module.js';
import { supportModule } from './modules/support/module.js';
import { surveysModule } from './modules/surveys/module.js';
import { teamModule } from './modules/team/module.js';
import { trustModule } from './modules/trust/module.js';
import { uploadsModule } from './modules/uploads/module.js';
import { webhooksModule } from './modules/webhooks/module.js';
import type { ModuleManifest } from './platform/manifest.js';

/**
 * Every domain module, once: app.ts, the job queue, the watch, the bot's dispatcher and the
 * invariant checker loop over this list and name no module. The order is the order of the bot's
 * menu, of the hooks after an award (the promo code is issued before the functions that follow
 * purchases) and of the test clock's run of the periodic jobs (the bot last, so it delivers what
 * the jobs before it queued). One per line, so additions never collide.
 */
// prettier-ignore
export const MODULES: readonly ModuleManifest[] = [
  authModule,
  accountModule,
  teamModule,
  auditModule,
  operatorModule,
  receiptsModule,
  actionsModule,
  billingModule,
  paymentsModule,
  analyticsModule,
  payoffModule,
  mailingModule,
  shopModule,
  sellerNoticesModule,
  mailModule,
  buyersModule,
  trustModule,
  segmentsModule,
  uploadsModule,
  exportsModule,
  marketplacesModule,
  adminModule,
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
  webhooksModule,
  apiKeysModule,
  publicApiModule,
  botModule,
];
