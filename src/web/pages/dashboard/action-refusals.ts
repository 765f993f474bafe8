import { messages } from '../../../contract/messages.js';

/*
 * Both the action form (actions/) and the guided start (start/) create actions and read the
 * server's refusals the same way; this map sits below both areas, so neither imports the other's.
 */

const p = messages.points;

/** The action form's fields a refusal of the server can be about. */
export type RefusedActionField =
  'telegram_bot_token' | 'points_lifetime_days' | 'expiry_reminder_days' | 'repeat_points_percentage' | 'levels';

/** The server's refusals that are about one field: shown at that field rather than in a banner. */
const fieldOfServerMessage: ReadonlyMap<string, RefusedActionField> = new Map([
  [messages.bot.tokenTaken, 'telegram_bot_token'],
  [messages.mailing.tokenMalformed, 'telegram_bot_token'],
  [messages.mailing.tokenRejected, 'telegram_bot_token'],
  [p.lifetimeRange, 'points_lifetime_days'],
  [p.reminderRange, 'expiry_reminder_days'],
  [p.repeatPercentRange, 'repeat_points_percentage'],
  ...[
    p.levelsInvalid,
    p.levelsTooMany,
    p.levelNameInvalid,
    p.levelNamesRepeat,
    p.levelThresholdInvalid,
    p.levelFirstFromZero,
    p.levelThresholdsIncrease,
    p.levelPercentRange,
  ].map((message) => [message, 'levels'] as const),
]);

/** The part of «Процент первого уровня … ({percent} %) …» before its number: the server fills the percent in. */
const firstLevelPercentStart = p.levelFirstPercent.slice(0, p.levelFirstPercent.indexOf('{'));

export function fieldOfServerError(message: string): RefusedActionField | undefined {
  if (message.startsWith(firstLevelPercentStart)) return 'levels';
  return fieldOfServerMessage.get(message);
}
