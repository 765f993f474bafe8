// Birthdays, a function of the action's bot (issue 29): the shopper gives day and month (buttons
// or ДД.ММ), changeable once a year; a periodic job greets them on the day with the action's points.
import type { BotFeature } from '../feature.js';
import { BIRTHDAY_KEY, birthdayMenuButtons, onBirthdayPress, onBirthdayText } from './service.js';

export { birthdayRoutes } from './routes.js';
export { greetBirthdays, type GreetingDeps } from './service.js';

export const birthdayFeature: BotFeature = {
  key: BIRTHDAY_KEY,
  menuButtons: birthdayMenuButtons,
  onCallback: onBirthdayPress,
  onText: onBirthdayText,
};
