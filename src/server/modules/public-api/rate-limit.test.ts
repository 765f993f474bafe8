import { describe, expect, it } from 'vitest';
import { tokenBucket } from './rate-limit.js';

describe('the per-key token bucket', () => {
  it('allows the burst at once, then one call per refill, and says how long to wait', () => {
    const limiter = tokenBucket({ perMinute: 60, burst: 3 });
    expect([0, 1, 2].map(() => limiter.take(1, 0))).toEqual([0, 0, 0]);
    expect(limiter.take(1, 0)).toBe(1);
    expect(limiter.take(2, 0)).toBe(0);
    expect(limiter.take(1, 1_000)).toBe(0);
    expect(limiter.take(1, 1_000)).toBe(1);
    expect(limiter.take(1, 60_000)).toBe(0);
  });

  it('never holds more than the burst however long a key was idle', () => {
    const limiter = tokenBucket({ perMinute: 6, burst: 2 });
    limiter.take(1, 0);
    expect([limiter.take(1, 3_600_000), limiter.take(1, 3_600_000), limiter.take(1, 3_600_000)]).toEqual([0, 0, 10]);
  });
});
