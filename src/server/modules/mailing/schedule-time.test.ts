import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './schedule-time.js';

describe('the next run of a regular mailing', () => {
  it('weekly: a week after the run that just happened, the same time', () => {
    const first = new Date('2026-12-01T07:00:00Z');
    expect(nextRunAfter(first, 'weekly', first)).toEqual(new Date('2026-12-08T07:00:00Z'));
    expect(nextRunAfter(first, 'weekly', new Date('2026-12-08T07:00:00Z'))).toEqual(new Date('2026-12-15T07:00:00Z'));
  });

  it('weekly: runs missed while the service was down are skipped, not made up', () => {
    const first = new Date('2026-12-01T07:00:00Z');
    expect(nextRunAfter(first, 'weekly', new Date('2026-12-20T00:00:00Z'))).toEqual(new Date('2026-12-22T07:00:00Z'));
  });

  it('monthly: the same Moscow day and time next month', () => {
    const first = new Date('2026-12-10T07:00:00Z');
    expect(nextRunAfter(first, 'monthly', first)).toEqual(new Date('2027-01-10T07:00:00Z'));
  });

  it('monthly on the 31st: the last day of shorter months, and the 31st again when the month has it', () => {
    // 31 January 10:00 Moscow is 07:00 UTC.
    const first = new Date('2027-01-31T07:00:00Z');
    const february = nextRunAfter(first, 'monthly', first);
    expect(february).toEqual(new Date('2027-02-28T07:00:00Z'));
    const march = nextRunAfter(first, 'monthly', february);
    expect(march).toEqual(new Date('2027-03-31T07:00:00Z'));
    expect(nextRunAfter(first, 'monthly', march)).toEqual(new Date('2027-04-30T07:00:00Z'));
  });

  it('monthly: the day is Moscow’s, even when UTC is still on the day before', () => {
    // 1 March 01:00 Moscow is 28 February 22:00 UTC.
    const first = new Date('2027-02-28T22:00:00Z');
    expect(nextRunAfter(first, 'monthly', first)).toEqual(new Date('2027-03-31T22:00:00Z'));
  });

  it('monthly: runs missed are skipped', () => {
    const first = new Date('2026-12-10T07:00:00Z');
    expect(nextRunAfter(first, 'monthly', new Date('2027-03-15T00:00:00Z'))).toEqual(new Date('2027-04-10T07:00:00Z'));
  });
});
