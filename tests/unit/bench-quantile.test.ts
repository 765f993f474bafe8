import { describe, expect, it } from 'vitest';
import { quantile, steadyValue } from '../../bench/report.js';

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

describe("the benches' settled memory", () => {
  // PGlite's server after the scale bench's rows, read each second (twenty-fourth session).
  const afterRows = [
    435, 435, 435, 435, 435, 435, 406, 406, 406, 406, 406, 407, 388, 388, 388, 388, 337, 338, 338, 338, 338, 337, 336, 336, 337, 337, 336,
    337, 337, 326, 328, 328, 328, 325, 325, 325, 325, 324, 324, 324, 325, 325, 325, 325, 325, 325, 325, 325, 325, 325, 325,
  ];
  const firstSettled = (samples: readonly number[], steadyFor: number) =>
    samples.map((_, index) => steadyValue(samples.slice(0, index + 1), steadyFor)).find((value) => value !== undefined);

  it('a second of steadiness takes the first pause of the memory reducer for rest', () => {
    expect(firstSettled(afterRows, 1)).toBe(435);
  });

  it('twenty seconds of steadiness wait out its steps', () => {
    expect(firstSettled(afterRows, 20)).toBe(326);
  });

  it('moves of up to 2 MiB are steady, and a series still moving has no value', () => {
    expect(steadyValue([100, 102, 98, 101], 3)).toBe(100);
    expect(steadyValue([100, 103], 1)).toBeUndefined();
    expect(steadyValue([100], 1)).toBeUndefined();
  });
});
