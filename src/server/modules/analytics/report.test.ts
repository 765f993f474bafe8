import { describe, expect, it } from 'vitest';
import { dailySeries, summarise, weeklyBuyers } from './report.js';
import type { DailyStatusRow, PointsSpent } from './repository.js';

const NO_SHOP_YET: PointsSpent = { available: false, byDay: new Map() };

const row = (day: string, status: string, receipts: number, extra: Partial<DailyStatusRow> = {}): DailyStatusRow => ({
  day,
  status,
  receipts,
  pointsAwarded: 0,
  countedKopecks: 0,
  feeKopecks: 0,
  newBuyers: 0,
  ...extra,
});

describe('analytics report', () => {
  const rows = [
    row('2026-11-23', 'success', 3, { pointsAwarded: 150, countedKopecks: 150_050, feeKopecks: 2_400, newBuyers: 2 }),
    row('2026-11-23', 'too_old', 1),
    row('2026-11-25', 'already_scanned', 2),
    row('2026-11-30', 'success', 1, { pointsAwarded: 10, countedKopecks: 1_000, feeKopecks: 800, newBuyers: 1 }),
  ];

  it('figures count every check, and money, points and buyers of successes only', () => {
    const figures = summarise(rows, [{ weekStart: '2026-11-23', returningInWeek: 1, returningInPeriod: 1 }], NO_SHOP_YET);
    expect(figures).toEqual({
      receipts_checked: 7,
      receipts_successful: 4,
      success_share: 4 / 7,
      points_awarded: 160,
      points_spent: null,
      counted_sum: 1510.5,
      new_buyers: 3,
      returning_buyers: 1,
      spent_on_receipts: 32,
      cost_per_successful_receipt: 8,
    });
  });

  it('an empty period has no share and no cost per receipt rather than dividing by zero', () => {
    const figures = summarise([], [], NO_SHOP_YET);
    expect(figures.success_share).toBeNull();
    expect(figures.cost_per_successful_receipt).toBeNull();
  });

  it('the daily series has every day, refusals by status', () => {
    const series = dailySeries('2026-11-23', '2026-11-25', rows, NO_SHOP_YET);
    expect(series.map((day) => day.day)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    expect(series[0]).toMatchObject({
      successful: 3,
      refused: { too_old: 1 },
      counted_sum: 1500.5,
      points_awarded: 150,
      points_spent: null,
    });
    expect(series[1]).toMatchObject({ successful: 0, refused: {} });
    expect(series[2]!.refused).toEqual({ already_scanned: 2 });
  });

  it('with a shop, points spent fill every day (zero on days without exchanges) and sum into the figures', () => {
    const spent: PointsSpent = {
      available: true,
      byDay: new Map([
        ['2026-11-24', 120],
        ['2026-11-25', 30],
      ]),
    };
    expect(dailySeries('2026-11-23', '2026-11-25', rows, spent).map((day) => day.points_spent)).toEqual([0, 120, 30]);
    expect(summarise(rows, [], spent).points_spent).toBe(150);
  });

  it('weeks start on Monday, the first one at the period start', () => {
    const weeks = weeklyBuyers('2026-11-25', '2026-11-30', rows, [{ weekStart: '2026-11-30', returningInWeek: 4, returningInPeriod: 1 }]);
    expect(weeks).toEqual([
      { week_start: '2026-11-25', new_buyers: 0, returning_buyers: 0 },
      { week_start: '2026-11-30', new_buyers: 1, returning_buyers: 4 },
    ]);
  });
});
