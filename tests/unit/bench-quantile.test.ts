import { describe, expect, it } from 'vitest';
import { quantile } from '../../bench/report.js';

describe("the benches' quantile", () => {
  const twenty = Array.from({ length: 20 }, (_, index) => index + 1);

  it('reads the p95 of 20 runs as the 19th, not the slowest', () => {
    expect(quantile(twenty, 0.95)).toBe(19);
    expect(quantile(twenty, 1)).toBe(20);
  });

  it('reads the median, the first value and one value by nearest rank', () => {
    expect(quantile(twenty, 0.5)).toBe(10);
    expect(quantile([1, 2, 3], 0.5)).toBe(2);
    expect(quantile(twenty, 0)).toBe(1);
    expect(quantile([7], 0.95)).toBe(7);
  });

  it('has no value for no runs', () => {
    expect(quantile([], 0.95)).toBeNaN();
  });
});
