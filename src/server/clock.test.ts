import { describe, expect, it } from 'vitest';
import { createClock } from './clock.js';

const T0 = new Date('2026-03-01T09:00:00Z');
const DAY = 24 * 60 * 60;

describe('the clock', () => {
  it('reads its base time while it has not moved', () => {
    const clock = createClock({ movable: true, base: () => T0 });
    expect(clock.now()).toEqual(T0);
    expect(clock.offsetSeconds).toBe(0);
  });

  it('adds every advance to the base time, and a reset goes back to it', () => {
    const clock = createClock({ movable: true, base: () => T0 });
    clock.advance(30 * DAY);
    clock.advance(60);
    expect(clock.offsetSeconds).toBe(30 * DAY + 60);
    expect(clock.now()).toEqual(new Date('2026-03-31T09:01:00Z'));
    clock.reset();
    expect(clock.offsetSeconds).toBe(0);
    expect(clock.now()).toEqual(T0);
  });

  it('keeps the offset while the base time runs on', () => {
    let base = T0;
    const clock = createClock({ movable: true, base: () => base });
    const { now } = clock;
    clock.advance(DAY);
    base = new Date(T0.getTime() + 5_000);
    expect(now()).toEqual(new Date('2026-03-02T09:00:05Z'));
  });

  it('cannot move in production, nor by a non-positive or fractional amount', () => {
    const fixed = createClock({ movable: false, base: () => T0 });
    expect(() => fixed.advance(DAY)).toThrow(/demo mode/);
    expect(fixed.now()).toEqual(T0);
    const movable = createClock({ movable: true, base: () => T0 });
    for (const seconds of [0, -1, 1.5, Number.NaN]) expect(() => movable.advance(seconds)).toThrow();
    expect(movable.offsetSeconds).toBe(0);
  });
});
