// Birthdays, a function of the action's bot: the shopper gives day and month (buttons
// or ДД.ММ), changeable once a year; a periodic job greets them on the day with the action's points.
import type { BotFeature } from '../../platform/bot-feature.js';
import { BIRTHDAY_KEY, birthdayMenuButtons, onBirthdayPress, onBirthdayText } from './service.js';

export const birthdayFeature: BotFeature = {
  key: BIRTHDAY_KEY,
  menuButtons: birthdayMenuButtons,
  onCallback: onBirthdayPress,
  onText: onBirthdayText,
};
