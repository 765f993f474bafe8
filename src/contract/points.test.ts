import { describe, expect, it } from 'vitest';
import { earningRate, levelAt, levelsSchema, presentLevels, storedLevels } from './points.js';

const levels = storedLevels([
  { name: 'Базовый', min_sum: 0, points_percentage: 10 },
  { name: 'Серебро', min_sum: 1000, points_percentage: 15 },
  { name: 'Золото', min_sum: 3000, points_percentage: 20 },
]);
const action = { pointsPercentage: 10, levels, repeatPointsPercentage: null };

describe('the level a shopper holds', () => {
  it('is the highest whose threshold their counted purchases reach, the threshold itself included', () => {
    expect(levelAt(levels, 0)?.level.name).toBe('Базовый');
    expect(levelAt(levels, 99_999)?.level.name).toBe('Базовый');
    expect(levelAt(levels, 100_000)?.level.name).toBe('Серебро');
    expect(levelAt(levels, 300_000)?.index).toBe(2);
    expect(levelAt([], 1_000_000)).toBeNull();
  });
});

describe('the percent a receipt earns at', () => {
  it('is the action’s without levels, and the held level’s with them (the lowest level’s is the action’s own)', () => {
    expect(earningRate({ ...action, levels: [] }, { receipts: 5, spentKopecks: 10_000_000 })).toEqual({
      percent: 10,
      rule: 'base',
      levelName: null,
    });
    expect(earningRate({ ...action, pointsPercentage: 12 }, { receipts: 0, spentKopecks: 0 })).toEqual({
      percent: 12,
      rule: 'level',
      levelName: 'Базовый',
    });
    expect(earningRate(action, { receipts: 1, spentKopecks: 150_000 })).toEqual({ percent: 15, rule: 'level', levelName: 'Серебро' });
  });

  it('is the repeat percent from the second receipt on, only when it is higher than the level’s', () => {
    const repeat = { ...action, repeatPointsPercentage: 17 };
    expect(earningRate(repeat, { receipts: 0, spentKopecks: 0 }).rule).toBe('level');
    expect(earningRate(repeat, { receipts: 1, spentKopecks: 150_000 })).toEqual({ percent: 17, rule: 'repeat', levelName: 'Серебро' });
    expect(earningRate(repeat, { receipts: 2, spentKopecks: 400_000 })).toEqual({ percent: 20, rule: 'level', levelName: 'Золото' });
    expect(earningRate({ ...repeat, repeatPointsPercentage: 20 }, { receipts: 2, spentKopecks: 400_000 }).rule).toBe('level');
  });
});

describe('levels as the API takes them', () => {
  const issues = (input: unknown) => levelsSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

  it('take none or up to five from 0 ₽ with increasing thresholds and distinct names', () => {
    expect(issues([])).toEqual([]);
    expect(
      issues([
        { name: 'A', min_sum: 0, points_percentage: 5 },
        { name: 'B', min_sum: '1000,50', points_percentage: '7.5' },
      ]),
    ).toEqual([]);
    expect(issues(Array.from({ length: 6 }, (_, i) => ({ name: `L${i}`, min_sum: i * 100, points_percentage: 5 })))).toEqual([
      'Уровней лояльности может быть не больше 5.',
    ]);
    expect(issues([{ name: 'A', min_sum: 10, points_percentage: 5 }])).toEqual([
      'Первый уровень начинается с 0 ₽: его получает каждый покупатель.',
    ]);
    expect(
      issues([
        { name: 'A', min_sum: 0, points_percentage: 5 },
        { name: 'B', min_sum: 0, points_percentage: 6 },
      ]),
    ).toEqual(['Порог каждого следующего уровня должен быть больше предыдущего.']);
    expect(
      issues([
        { name: 'Gold', min_sum: 0, points_percentage: 5 },
        { name: 'gold', min_sum: 5, points_percentage: 6 },
      ]),
    ).toEqual(['Названия уровней не должны повторяться.']);
    expect(issues([{ name: ' ', min_sum: 0, points_percentage: 5 }])).toEqual(['Укажите название каждого уровня: от 1 до 40 символов.']);
    expect(issues([{ name: 'A', min_sum: 0, points_percentage: 101 }])).toEqual(['Процент баллов уровня — число от 0 до 100.']);
    expect(issues('gold')).toEqual(['Уровни лояльности — список из названия, порога и процента каждого уровня.']);
  });

  it('keep thresholds in kopecks and answer the first level’s percent as the action’s', () => {
    const kept = storedLevels([
      { name: 'A', min_sum: 0, points_percentage: 5 },
      { name: 'B', min_sum: 1000.5, points_percentage: 7 },
    ]);
    expect(kept).toEqual([
      { name: 'A', min_kopecks: 0, points_percentage: 5 },
      { name: 'B', min_kopecks: 100_050, points_percentage: 7 },
    ]);
    expect(presentLevels(kept, 9)).toEqual([
      { name: 'A', min_sum: 0, points_percentage: 9 },
      { name: 'B', min_sum: 1000.5, points_percentage: 7 },
    ]);
  });
});
