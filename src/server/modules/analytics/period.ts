import type { AnalyticsPeriod } from '../../../contract/analytics.js';
import { TIME_ZONE } from '../../../contract/format.js';

/**
 * Analytics counts by Moscow calendar day (sellers work in Moscow time, SPEC §9 formats;
 * the database's analytics_day() is the same rule). Days are 'YYYY-MM-DD' strings.
 */
/** 'en-CA' writes a day as 'YYYY-MM-DD': a key to compute with, not a text to show. */
const moscowDate = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

export function moscowDay(instant: Date): string {
  return moscowDate.format(instant);
}

const DAY_MS = 86_400_000;

function toUtc(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function addDays(day: string, days: number): string {
  return new Date(toUtc(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The Monday of the day's week (weeks start on Monday in Russia). */
export function weekStart(day: string): string {
  const weekday = new Date(toUtc(day)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** A week bucket of a period: the week's Monday, or the period's first day when it cuts the week. */
export function weekBucket(day: string, periodFrom: string): string {
  const monday = weekStart(day);
  return monday < periodFrom ? periodFrom : monday;
}

export interface ResolvedPeriod {
  kind: AnalyticsPeriod;
  /** null: from the first day with data. */
  from: string | null;
  to: string;
}

/** The days a period filter covers, relative to today in Moscow. */
export function resolvePeriod(query: { period: AnalyticsPeriod; from?: string; to?: string }, now: Date): ResolvedPeriod {
  const today = moscowDay(now);
  switch (query.period) {
    case '7':
    case '30':
    case '90':
      return { kind: query.period, from: addDays(today, -(Number(query.period) - 1)), to: today };
    case 'all':
      return { kind: 'all', from: null, to: today };
    case 'range':
      // The schema has checked both ends are present and ordered.
      return { kind: 'range', from: query.from!, to: query.to! };
  }
}
