import { drawsFeature } from './draws/index.js';
import type { BotFeature } from './feature.js';
import { referralFeature } from './referral/index.js';

/**
 * The engagement functions of the action's bot, in the order the menu shows them (issue 29).
 * Adding one: its folder under `features/`, one line here (one per line, so additions never collide).
 */
// prettier-ignore
export const BOT_FEATURES: readonly BotFeature[] = [
  referralFeature,
  drawsFeature,
];
