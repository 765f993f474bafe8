import type { BotFeature } from './feature.js';
import { surveysFeature } from './surveys/index.js';

/**
 * The engagement functions of the action's bot, in the order the menu shows them (issue 29).
 * Adding one: its folder under `features/`, one line here.
 */
export const BOT_FEATURES: readonly BotFeature[] = [surveysFeature];
