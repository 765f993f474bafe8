import { describe, expect, it } from 'vitest';
import { holdReleaseAt } from './hold.js';

describe('holdReleaseAt', () => {
  const now = new Date('2026-11-28T12:00:00Z');

  it('releases at the start of the Moscow day the hold ends on', () => {
    // 28.11 at 15:00 MSK + 14 days → 12.12 at 00:00 MSK.
    expect(holdReleaseAt(14, new Date('2026-11-28T12:00:00Z'), now)?.toISOString()).toBe('2026-12-11T21:00:00.000Z');
  });

  it('counts the purchase’s Moscow day, not UTC’s: 23:30 UTC is already the next day in Moscow', () => {
    expect(holdReleaseAt(1, new Date('2026-11-27T23:30:00Z'), now)?.toISOString()).toBe('2026-11-28T21:00:00.000Z');
  });

  it('holds nothing with 0 days, or when the day has come already', () => {
    expect(holdReleaseAt(0, now, now)).toBeNull();
    expect(holdReleaseAt(14, new Date('2026-11-10T12:00:00Z'), now)).toBeNull();
    // Bought 14.11 at 23:59 MSK: available from 28.11 at 00:00 MSK, which has come.
    expect(holdReleaseAt(14, new Date('2026-11-14T20:59:59Z'), now)).toBeNull();
    // Bought 15.11 at 00:00 MSK: held to 29.11 at 00:00 MSK.
    expect(holdReleaseAt(14, new Date('2026-11-14T21:00:00Z'), now)?.toISOString()).toBe('2026-11-28T21:00:00.000Z');
  });
});
