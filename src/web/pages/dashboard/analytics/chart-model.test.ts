import { describe, expect, it } from 'vitest';
import type { AnalyticsDay } from '../../../../contract/analytics.js';
import { buyersSummary, dayToUnix, formatDay, receiptsSummary, refusalStatuses, stack } from './chart-model.js';

const day = (date: string, successful: number, refused: Record<string, number> = {}): AnalyticsDay => ({
  day: date,
  successful,
  refused,
  counted_sum: 0,
  points_awarded: 0,
  points_spent: null,
});

describe('analytics charts', () => {
  it('a day is placed at its Moscow midnight', () => {
    expect(new Date(dayToUnix('2026-11-23') * 1000).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(formatDay('2026-11-03')).toBe('03.11.2026');
  });

  it('stacks layers as running totals', () => {
    expect(
      stack([
        [1, 2],
        [3, 0],
        [1, 1],
      ]),
    ).toEqual([
      [1, 2],
      [4, 2],
      [5, 3],
    ]);
    expect(stack([])).toEqual([]);
  });

  it('refusals are labelled as SPEC §4 says, most frequent first', () => {
    const daily = [day('2026-11-22', 1, { already_scanned: 1, too_old: 2 }), day('2026-11-23', 0, { already_scanned: 2, mystery: 1 })];
    expect(refusalStatuses(daily)).toEqual([
      { status: 'already_scanned', label: 'Повторный чек', total: 3 },
      { status: 'too_old', label: 'Чек слишком старый', total: 2 },
      { status: 'mystery', label: 'Статус неизвестен', total: 1 },
    ]);
  });

  it('summaries say in words what the chart shows', () => {
    expect(receiptsSummary([day('2026-11-22', 1, { too_old: 2 }), day('2026-11-23', 4)])).toBe(
      'Чеки по дням: успешных 5; больше всего 4 — 23.11.2026; отказы: Чек слишком старый — 2',
    );
    expect(receiptsSummary([day('2026-11-23', 0)])).toBe('Чеки по дням: успешных 0; отказы: нет');
    expect(buyersSummary([{ week_start: '2026-11-23', new_buyers: 2, returning_buyers: 1 }])).toBe(
      'Новые и вернувшиеся покупатели по неделям: неделя с 23.11.2026: новых 2, вернувшихся 1',
    );
  });
});
