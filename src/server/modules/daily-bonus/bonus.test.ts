import { describe, expect, it } from 'vitest';
import { bonusDays, drawBonus, drawSector } from './bonus.js';

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

  it('draws a wheel sector in proportion to its weight, among the allowed ones only', () => {
    const wheel = [{ weight: 1 }, { weight: 3 }, { weight: 2 }];
    // Tickets 0 | 1 2 3 | 4 5 of a total weight of 6.
    expect([0, 1, 3, 4, 5].map((ticket) => drawSector(wheel, undefined, () => ticket))).toEqual([0, 1, 1, 2, 2]);
    const totals: number[] = [];
    const pick = drawSector(
      wheel,
      (index) => index !== 1,
      (min, maxExclusive) => (totals.push(maxExclusive), maxExclusive - 1),
    );
    expect([pick, totals]).toEqual([2, [3]]);
    const drawn = new Set(Array.from({ length: 200 }, () => drawSector(wheel, (index) => index !== 0)));
    expect([...drawn].sort()).toEqual([1, 2]);
  });
});
