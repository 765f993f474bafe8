import { describe, expect, it } from 'vitest';
import { formatDay, isActive, warrantyUntil } from './warranty-date.js';

describe('the warranty date rule', () => {
  it('adds whole calendar months to the purchase day', () => {
    expect(warrantyUntil('2026-03-15', 1)).toBe('2026-04-15');
    expect(warrantyUntil('2026-03-15', 12)).toBe('2027-03-15');
    expect(warrantyUntil('2026-11-30', 2)).toBe('2027-01-30');
    expect(warrantyUntil('2026-12-01', 120)).toBe('2036-12-01');
  });

  it('ends on the last day of a shorter month: 31.01 + 1 month is 28.02, or 29.02 in a leap year', () => {
    expect(warrantyUntil('2026-01-31', 1)).toBe('2026-02-28');
    expect(warrantyUntil('2028-01-31', 1)).toBe('2028-02-29');
    expect(warrantyUntil('2026-03-31', 1)).toBe('2026-04-30');
    expect(warrantyUntil('2028-02-29', 12)).toBe('2029-02-28');
    expect(warrantyUntil('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('is shown as ДД.ММ.ГГГГ and still covers its last day', () => {
    expect(formatDay('2027-02-28')).toBe('28.02.2027');
    expect(isActive('2027-02-28', '2027-02-28')).toBe(true);
    expect(isActive('2027-02-28', '2027-03-01')).toBe(false);
  });
});
