import { describe, expect, it } from 'vitest';
import { bonusDays, drawBonus } from './bonus.js';

describe('the daily bonus', () => {
  it('draws from the whole range, both ends included', () => {
    const calls: [number, number][] = [];
    const random = (min: number, maxExclusive: number) => {
      calls.push([min, maxExclusive]);
      return maxExclusive - 1;
    };
    expect(drawBonus({ min_points: 5, max_points: 7 }, random)).toBe(7);
    expect(calls).toEqual([[5, 8]]);
    const drawn = new Set(Array.from({ length: 300 }, () => drawBonus({ min_points: 1, max_points: 3 })));
    expect([...drawn].sort()).toEqual([1, 2, 3]);
    expect(drawBonus({ min_points: 4, max_points: 4 })).toBe(4);
  });

  it('counts days in Moscow time and names the next one as DD.MM', () => {
    // 23:30 Moscow time on 31 December: still the 31st; the next bonus is on 1 January.
    expect(bonusDays(new Date('2026-12-31T20:30:00Z'))).toEqual({ day: '2026-12-31', next: '01.01' });
    // 00:30 Moscow time on 1 March 2027 is still 28 February in UTC.
    expect(bonusDays(new Date('2027-02-28T21:30:00Z'))).toEqual({ day: '2027-03-01', next: '02.03' });
  });
});
