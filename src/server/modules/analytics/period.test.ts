import { describe, expect, it } from 'vitest';
import { addDays, eachDay, moscowDay, resolvePeriod, weekBucket, weekStart } from './period.js';

describe('analytics days are Moscow calendar days', () => {
  it('an instant just before Moscow midnight is still that day, just after is the next', () => {
    expect(moscowDay(new Date('2026-03-01T20:59:59.999Z'))).toBe('2026-03-01');
    expect(moscowDay(new Date('2026-03-01T21:00:00.000Z'))).toBe('2026-03-02');
  });

  it('a UTC date is not the Moscow date in the three hours before UTC midnight', () => {
    expect(moscowDay(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
  });

  it('adds days across months, leap days and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('lists every day of a range, both ends included', () => {
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(eachDay('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('weeks start on Monday, and a period cuts its first week', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(weekBucket('2026-11-26', '2026-11-25')).toBe('2026-11-25');
    expect(weekBucket('2026-12-01', '2026-11-25')).toBe('2026-11-30');
  });
});

describe('period filters', () => {
  const lateEvening = new Date('2026-11-23T22:00:00Z'); // 01:00 on 24 November in Moscow

  it('7, 30 and 90 days end today in Moscow and include today', () => {
    expect(resolvePeriod({ period: '7' }, lateEvening)).toEqual({ kind: '7', from: '2026-11-18', to: '2026-11-24' });
    expect(resolvePeriod({ period: '30' }, lateEvening).from).toBe('2026-10-26');
    expect(resolvePeriod({ period: '90' }, lateEvening).from).toBe('2026-08-27');
  });

  it('all time starts at the first day with data', () => {
    expect(resolvePeriod({ period: 'all' }, lateEvening)).toEqual({ kind: 'all', from: null, to: '2026-11-24' });
  });

  it('a range is taken as given', () => {
    expect(resolvePeriod({ period: 'range', from: '2026-01-01', to: '2026-01-31' }, lateEvening)).toEqual({
      kind: 'range',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
});
