import { describe, expect, it } from 'vitest';
import { digestDayDue } from './digest.js';

describe('digestDayDue', () => {
  it.each([
    ['before 09:00 Moscow time nothing is due', '2026-03-10T05:59:00Z', null],
    ['from 09:00 Moscow time yesterday is due', '2026-03-10T06:00:00Z', '2026-03-09'],
    ['late in the evening it is still yesterday', '2026-03-10T20:59:00Z', '2026-03-09'],
    ['past Moscow midnight the morning wait starts again', '2026-03-10T21:30:00Z', null],
    ['across a month’s end', '2026-03-01T07:00:00Z', '2026-02-28'],
  ])('%s', (_case, now, day) => {
    expect(digestDayDue(new Date(now))).toBe(day);
  });
});
