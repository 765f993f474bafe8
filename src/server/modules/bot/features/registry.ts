import { birthdayFeature } from './birthday/index.js';
import { dailyBonusFeature } from './daily-bonus/index.js';
import type { BotFeature } from './feature.js';

/**
 * The engagement functions of the action's bot, in the order the menu shows them (issue 29).
 * Adding one: its folder under `features/`, one line here.
 */
export const BOT_FEATURES: readonly BotFeature[] = [birthdayFeature, dailyBonusFeature];
