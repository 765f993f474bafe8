import { moscowDay } from '../analytics/period.js';

// The calendar rules of birthdays (pure). Days are Moscow's, as 'YYYY-MM-DD' keys.

export interface DayMonth {
  day: number;
  month: number;
}

/** February counts 29 days: a birthday on 29 February is a real date, celebrated on the 28th in other years. */
export function daysInMonth(month: number): number {
  if (month === 2) return 29;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isDayMonth(value: DayMonth): boolean {
  const { day, month } = value;
  return Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(day) && day >= 1 && day <= daysInMonth(month);
}

/** 'ДД.ММ' as a shopper types it: '7.3', '07.03', '07/03', '07-03', '7 3'; null when it is no date. */
export function parseDayMonth(text: string): DayMonth | null {
  const match = text.trim().match(/^(\d{1,2})\s*[./\-\s]\s*(\d{1,2})\.?$/);
  if (!match) return null;
  const value = { day: Number(match[1]), month: Number(match[2]) };
  return isDayMonth(value) ? value : null;
}

const two = (value: number) => String(value).padStart(2, '0');

/** '07.03'. */
export const formatDayMonth = ({ day, month }: DayMonth) => `${two(day)}.${two(month)}`;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The day a birthday is celebrated in `year`: 29 February falls on 28 February in other years. */
export function celebrationDay(birthday: DayMonth, year: number): string {
  const day = birthday.month === 2 && birthday.day === 29 && !isLeapYear(year) ? 28 : birthday.day;
  return `${year}-${two(birthday.month)}-${two(day)}`;
}

/** The birthdays celebrated on a Moscow day: its own date, and on 28 February of a common year also 29 February. */
export function birthdaysCelebratedOn(day: string): DayMonth[] {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const dates = [{ day: date, month }];
  if (month === 2 && date === 28 && !isLeapYear(year)) dates.push({ day: 29, month: 2 });
  return dates;
}

const DAY_MS = 86_400_000;
/** The greeting goes out from 10:00 Moscow time on the day. */
export const GREETING_HOUR = 10;

/** The Moscow day whose greeting time has come by `now`: today after 10:00, none before (the day's greetings wait). */
export function greetingDay(now: Date): string | null {
  const today = moscowDay(now);
  return moscowDay(new Date(now.getTime() - GREETING_HOUR * 3_600_000)) === today ? today : null;
}

/** Whole days from one 'YYYY-MM-DD' to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A birthday given (or changed) at `givenAt` earns on `day` only if it was known `minDaysKnown` days before. */
export function knownLongEnough(givenAt: Date, day: string, minDaysKnown: number): boolean {
  return daysBetween(moscowDay(givenAt), day) >= minDaysKnown;
}

/**
 * The Moscow day of the first greeting a birthday given at `givenAt` earns, looking from `now` on:
 * the nearest celebration (today's still counts, it is greeted until midnight), or a later year's
 * when the date would be known fewer than `minDaysKnown` days before it.
 */
export function firstGreetingDay(birthday: DayMonth, givenAt: Date, now: Date, minDaysKnown: number): string {
  const today = moscowDay(now);
  for (let year = Number(today.slice(0, 4)); ; year++) {
    const day = celebrationDay(birthday, year);
    if (day >= today && knownLongEnough(givenAt, day, minDaysKnown)) return day;
  }
}

/** A date may be changed a year after it was given: the same moment a calendar year later. */
export function nextChangeAt(givenAt: Date): Date {
  const next = new Date(givenAt);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/** The same moment a calendar year earlier: a date given then (or before) may be changed now. */
export function yearBefore(now: Date): Date {
  const before = new Date(now);
  before.setUTCFullYear(before.getUTCFullYear() - 1);
  return before;
}

/** The first moment of the Moscow month `now` is in (Moscow keeps UTC+3 all year). */
export function moscowMonthStart(now: Date): Date {
  return new Date(`${moscowDay(now).slice(0, 7)}-01T00:00:00+03:00`);
}
