import { birthdayFeature } from './birthday/index.js';
import { dailyBonusFeature } from './daily-bonus/index.js';
import { drawsFeature } from './draws/index.js';
import { faqFeature } from './faq/index.js';
import type { BotFeature } from './feature.js';
import { photosFeature, reviewsFeature } from './moderation/index.js';
import { productGuidesFeature } from './product-guides/index.js';
import { referralFeature } from './referral/index.js';
import { supportFeature } from './support/index.js';
import { surveysFeature } from './surveys/index.js';

/**
 * The engagement functions of the action's bot, in the order the menu shows them (issue 29).
 * Adding one: its folder under `features/`, one line here (one per line, so additions never collide).
 */
// prettier-ignore
export const BOT_FEATURES: readonly BotFeature[] = [
  referralFeature,
  birthdayFeature,
  dailyBonusFeature,
  reviewsFeature,
  photosFeature,
  surveysFeature,
  drawsFeature,
  supportFeature,
  faqFeature,
  productGuidesFeature,
];
