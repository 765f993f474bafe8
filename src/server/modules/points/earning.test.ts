import { describe, expect, it } from 'vitest';
import { heldLevel, pointsExpiry } from './earning.js';

const levels = [
  { name: 'Базовый', min_kopecks: 0, points_percentage: 3 },
  { name: 'Золотой', min_kopecks: 500_000, points_percentage: 15 },
];

describe('the level a shopper holds', () => {
  it('is the first level, at the action’s percent, until the next threshold is reached', () => {
    expect(heldLevel({ levels, pointsPercentage: 10 }, 0)).toEqual({ name: 'Базовый', points_percentage: 10 });
    expect(heldLevel({ levels, pointsPercentage: 10 }, 499_999)).toEqual({ name: 'Базовый', points_percentage: 10 });
  });

  it('is the highest level whose threshold the purchases reach, at that level’s percent', () => {
    expect(heldLevel({ levels, pointsPercentage: 10 }, 500_000)).toEqual({ name: 'Золотой', points_percentage: 15 });
  });

  it('is none when the action has no levels', () => {
    expect(heldLevel({ levels: [], pointsPercentage: 10 }, 1_000_000)).toBeNull();
  });
});

describe('points’ expiry', () => {
  it('is the lifetime after earning, or never when the lifetime is 0', () => {
    const earned = new Date('2026-01-01T12:00:00Z');
    expect(pointsExpiry({ pointsLifetimeDays: 30 }, earned)).toEqual(new Date('2026-01-31T12:00:00Z'));
    expect(pointsExpiry({ pointsLifetimeDays: 0 }, earned)).toBeNull();
  });
});
