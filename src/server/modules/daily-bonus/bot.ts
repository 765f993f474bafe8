// The daily bonus, a function of the action's bot : a buyer of the action presses
// «Ежедневный бонус» once per Moscow day for a random number of points in the seller's range.
import type { BotFeature } from '../../platform/bot-feature.js';
import { DAILY_BONUS_KEY, dailyBonusMenuButtons, onDailyBonusPress } from './service.js';

export const dailyBonusFeature: BotFeature = {
  key: DAILY_BONUS_KEY,
  menuButtons: dailyBonusMenuButtons,
  onCallback: onDailyBonusPress,
};
