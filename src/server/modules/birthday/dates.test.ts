import { describe, expect, it } from 'vitest';
import {
  birthdaysCelebratedOn,
  celebrationDay,
  firstGreetingDay,
  greetingDay,
  knownLongEnough,
  nextChangeAt,
  parseDayMonth,
  yearBefore,
} from './dates.js';

describe('birthday dates', () => {
  it('reads ДД.ММ as shoppers type it and refuses dates that do not exist', () => {
    expect(parseDayMonth('07.03')).toEqual({ day: 7, month: 3 });
    expect(parseDayMonth(' 7.3 ')).toEqual({ day: 7, month: 3 });
    expect(parseDayMonth('29/02')).toEqual({ day: 29, month: 2 });
    expect(parseDayMonth('31.12.')).toEqual({ day: 31, month: 12 });
    for (const text of ['31.02', '30.02', '31.04', '00.01', '01.13', '1503', 'завтра', '15.03.1990'])
      expect(parseDayMonth(text)).toBeNull();
  });

  it('celebrates 29 February on 28 February of a common year and on the 29th of a leap year', () => {
    expect(celebrationDay({ day: 29, month: 2 }, 2027)).toBe('2027-02-28');
    expect(celebrationDay({ day: 29, month: 2 }, 2028)).toBe('2028-02-29');
    expect(celebrationDay({ day: 29, month: 2 }, 2100)).toBe('2100-02-28');
    expect(birthdaysCelebratedOn('2027-02-28')).toEqual([
      { day: 28, month: 2 },
      { day: 29, month: 2 },
    ]);
    expect(birthdaysCelebratedOn('2028-02-28')).toEqual([{ day: 28, month: 2 }]);
  });

  it('greets from 10:00 Moscow time to the end of the Moscow day', () => {
    expect(greetingDay(new Date('2027-03-15T06:59:00Z'))).toBeNull();
    expect(greetingDay(new Date('2027-03-15T07:00:00Z'))).toBe('2027-03-15');
    expect(greetingDay(new Date('2027-03-15T20:59:00Z'))).toBe('2027-03-15');
    expect(greetingDay(new Date('2027-03-15T21:00:00Z'))).toBeNull();
  });

  it('counts min_days_known in Moscow days', () => {
    // 23:30 Moscow time on 5 March: the 5th, ten days before the 15th.
    const given = new Date('2027-03-05T20:30:00Z');
    expect(knownLongEnough(given, '2027-03-15', 10)).toBe(true);
    expect(knownLongEnough(given, '2027-03-15', 11)).toBe(false);
    expect(knownLongEnough(given, '2027-03-05', 0)).toBe(true);
  });

  it('allows a change a calendar year after the date was given', () => {
    const given = new Date('2026-11-26T08:00:00Z');
    expect(nextChangeAt(given).toISOString()).toBe('2027-11-26T08:00:00.000Z');
    expect(yearBefore(new Date('2027-11-26T08:00:00Z')).toISOString()).toBe(given.toISOString());
  });

  it('the first greeting is the nearest birthday, or the next year’s when the date is known too shortly before', () => {
    const now = new Date('2026-11-29T12:00:00+03:00');
    expect(firstGreetingDay({ day: 9, month: 12 }, now, now, 10)).toBe('2026-12-09');
    expect(firstGreetingDay({ day: 8, month: 12 }, now, now, 10)).toBe('2027-12-08');
    expect(firstGreetingDay({ day: 29, month: 11 }, now, now, 0)).toBe('2026-11-29');
    expect(firstGreetingDay({ day: 28, month: 11 }, now, now, 0)).toBe('2027-11-28');
    // Given at the turn of the year for early January: the greetings start the January after.
    const december = new Date('2026-12-28T12:00:00+03:00');
    expect(firstGreetingDay({ day: 2, month: 1 }, december, december, 10)).toBe('2028-01-02');
    // The same date given again weeks ago: counted from when it was given.
    expect(firstGreetingDay({ day: 8, month: 12 }, new Date('2026-11-01T12:00:00+03:00'), now, 10)).toBe('2026-12-08');
  });
});
