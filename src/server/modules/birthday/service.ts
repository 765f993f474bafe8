import { readBotFeatures } from '../../../contract/bot-features.js';
import { MONTH_NAMES, shopperName, type BirthdayResults } from '../../../contract/engagement.js';
import { formatDate, formatPoints } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { InlineKeyboardButton } from 'grammy/types';
import type { Db, Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { pointsExpiry } from '../points/earning.js';
import { movePoints } from '../points/repository.js';
import { isBuyerBlocked } from '../trust/repository.js';
import { queueBuyerNotice } from '../notices/repository.js';
import type { FeatureContext, FeatureReply } from '../../platform/bot-feature.js';
import { readStoredFeatures } from '../feature-settings/repository.js';
import {
  birthdaysCelebratedOn,
  daysInMonth,
  firstGreetingDay,
  formatDayMonth,
  greetingDay,
  moscowMonthStart,
  isDayMonth,
  knownLongEnough,
  nextChangeAt,
  parseDayMonth,
  yearBefore,
  type DayMonth,
} from './dates.js';
import * as repo from './repository.js';

const m = messages.birthday;
export const BIRTHDAY_KEY = 'birthday';
/** Callback data: the menu's button, a month chosen, a day of a month chosen. */
const ASK = `${BIRTHDAY_KEY}:ask`;
const monthData = (month: number) => `${BIRTHDAY_KEY}:m:${month}`;
const dayData = (month: number, day: number) => `${BIRTHDAY_KEY}:d:${month}:${day}`;

/** Twelve months, three a row: fits a phone's width with the longest name. */
function monthButtons(): InlineKeyboardButton[][] {
  const buttons = MONTH_NAMES.map((name, index) => ({ text: name, callback_data: monthData(index + 1) }));
  return [0, 3, 6, 9].map((start) => buttons.slice(start, start + 3));
}

/** The month's days, seven a row (a week, as a calendar reads), and the way back to the months. */
function dayButtons(month: number): InlineKeyboardButton[][] {
  const days = Array.from({ length: daysInMonth(month) }, (_, index) => ({
    text: String(index + 1),
    callback_data: dayData(month, index + 1),
  }));
  const rows: InlineKeyboardButton[][] = [];
  for (let start = 0; start < days.length; start += 7) rows.push(days.slice(start, start + 7));
  rows.push([{ text: m.backToMonths, callback_data: ASK }]);
  return rows;
}

export async function birthdayMenuButtons(context: FeatureContext): Promise<InlineKeyboardButton[]> {
  return context.features.birthday.enabled ? [{ text: messages.botFeatures.nameBirthday, callback_data: ASK }] : [];
}

/** «День рождения» → the stored date, or when it may change; else the months (and a typed ДД.ММ is awaited). */
async function ask(context: FeatureContext): Promise<FeatureReply> {
  const stored = await repo.readBirthday(context.deps.db, context.action.id, context.buyer.tgId);
  if (stored && nextChangeAt(stored.givenAt) > context.now) return refusal(stored);
  await context.setStep({});
  return { text: stored ? fillMessage(m.known, { date: formatDayMonth(stored) }) : m.ask, buttons: monthButtons() };
}

function refusal(stored: DayMonth & { givenAt: Date }): FeatureReply {
  return { text: fillMessage(m.changeRefused, { date: formatDayMonth(stored), next: formatDate(nextChangeAt(stored.givenAt)) }) };
}

/** Keeps the date (the same date again changes nothing); a change within a year of the last is refused. */
async function save(context: FeatureContext, birthday: DayMonth): Promise<FeatureReply> {
  const { deps, action, buyer, now } = context;
  const stored = await repo.readBirthday(deps.db, action.id, buyer.tgId);
  if (stored && stored.day === birthday.day && stored.month === birthday.month) {
    await context.clearStep();
    return { text: savedText(context, birthday, stored.givenAt) };
  }
  const changed = await repo.saveBirthday(deps.db, {
    projectId: action.id,
    buyerTgId: buyer.tgId,
    ...birthday,
    givenAt: now,
    changeableBefore: yearBefore(now),
  });
  await context.clearStep();
  if (changed) return { text: savedText(context, birthday, now) };
  const current = await repo.readBirthday(deps.db, action.id, buyer.tgId);
  return current ? refusal(current) : { text: savedText(context, birthday, now) };
}

/**
 * Promises only what the greeting job will do: a birthday nearer than the action's
 * `min_days_known` is not greeted this time, so the answer names the year the greetings start.
 */
function savedText(context: FeatureContext, birthday: DayMonth, givenAt: Date): string {
  const date = formatDayMonth(birthday);
  const nearest = firstGreetingDay(birthday, givenAt, context.now, 0);
  const first = firstGreetingDay(birthday, givenAt, context.now, context.features.birthday.min_days_known);
  return first === nearest ? fillMessage(m.saved, { date }) : fillMessage(m.savedTooNear, { date, year: first.slice(0, 4) });
}

export async function onBirthdayPress(context: FeatureContext, data: string): Promise<FeatureReply> {
  if (!context.features.birthday.enabled) return { text: messages.botFeatures.featureOff };
  const [kind, first, second] = data.split(':');
  const month = Number(first);
  if (kind === 'm' && isDayMonth({ month, day: 1 })) {
    await context.setStep({ month });
    return { text: fillMessage(m.askDay, { month: MONTH_NAMES[month - 1]! }), buttons: dayButtons(month) };
  }
  const birthday = { month, day: Number(second) };
  if (kind === 'd' && isDayMonth(birthday)) return save(context, birthday);
  return ask(context);
}

/** A typed date while the bot waits for one. */
export async function onBirthdayText(context: FeatureContext, text: string): Promise<FeatureReply> {
  if (!context.features.birthday.enabled) {
    await context.clearStep();
    return { text: messages.botFeatures.featureOff };
  }
  const birthday = parseDayMonth(text);
  return birthday ? save(context, birthday) : { text: m.invalidDate, buttons: monthButtons() };
}

export interface GreetingDeps {
  db: Db;
  now: () => Date;
}

/**
 * From 10:00 Moscow time: greets each shopper whose birthday is today (29 February on the 28th in a
 * common year) with the action's points, if the date was known `min_days_known` days before. The
 * greeting's row, the points and the notice are one transaction, keyed by action, shopper and year,
 * so a rerun or a second instance never greets twice; a shopper the seller blocked is skipped.
 * Answers the greetings queued.
 */
export async function greetBirthdays(deps: GreetingDeps): Promise<number> {
  const now = deps.now();
  const day = greetingDay(now);
  if (!day) return 0;
  const year = Number(day.slice(0, 4));
  let greeted = 0;
  // In batches after the last shopper seen: a day of a million shoppers' birthdays is never all in
  // memory, and a candidate skipped (a date given too late, a blocked shopper) is not read again.
  let after: { projectId: number; buyerTgId: string } | undefined;
  for (;;) {
    const candidates = await repo.findBirthdaysToGreet(deps.db, birthdaysCelebratedOn(day), year, { after, limit: GREETING_BATCH });
    for (const candidate of candidates) {
      const settings = readBotFeatures(candidate.features).birthday;
      if (!knownLongEnough(candidate.givenAt, day, settings.min_days_known)) continue;
      const done = await deps.db.transaction((tx) => greet(tx, { ...candidate, year, points: settings.points, now }));
      if (done) greeted += 1;
    }
    if (candidates.length < GREETING_BATCH) return greeted;
    after = candidates.at(-1)!;
  }
}

/** Birthdays read per batch (each greeting is its own short transaction). */
export const GREETING_BATCH = 200;

async function greet(
  tx: Executor,
  greeting: {
    projectId: number;
    buyerTgId: string;
    actionName: string;
    pointsLifetimeDays: number;
    year: number;
    points: number;
    now: Date;
  },
): Promise<boolean> {
  const { projectId, buyerTgId, year, points, now } = greeting;
  // A shopper the seller blocked is not greeted with the seller's points, nor at all.
  if (await isBuyerBlocked(tx, projectId, buyerTgId)) return false;
  if (!(await repo.takeGreeting(tx, { projectId, buyerTgId, year, points, greetedAt: now }))) return false;
  const reference = `birthday:${projectId}:${buyerTgId}:${year}`;
  if (points > 0)
    await movePoints(tx, {
      projectId,
      buyerTgId,
      delta: points,
      kind: 'birthday',
      actor: 'system',
      reason: fillMessage(m.reason, { year }),
      reference,
      at: now,
      expiresAt: pointsExpiry(greeting, now),
    });
  const text =
    points > 0
      ? fillMessage(m.greeting, { name: greeting.actionName, points: formatPoints(points) })
      : fillMessage(m.greetingWithoutPoints, { name: greeting.actionName });
  await queueBuyerNotice(tx, { projectId, buyerTgId, text, shopButton: true, reference });
  return true;
}

/** The cabinet's list: who gave a date, who was greeted this month. Another seller's action is not found. */
export async function birthdayResults(
  deps: { db: Executor; now: () => Date },
  sellerId: number,
  projectId: number,
): Promise<BirthdayResults> {
  if (!(await readStoredFeatures(deps.db, sellerId, projectId))) throw new AppError('not_found', messages.actions.notFound);
  const [given, greeted] = await Promise.all([
    repo.listBirthdays(deps.db, projectId),
    repo.listGreetings(deps.db, projectId, moscowMonthStart(deps.now())),
  ]);
  return {
    given: given.map((row) => ({ ...shopperName(row), date: formatDayMonth(row), given_at: row.givenAt.toISOString() })),
    greeted: greeted.map((row) => ({ ...shopperName(row), points: row.points, greeted_at: row.greetedAt.toISOString() })),
  };
}
