/**
 * A token bucket per key: `perMinute` calls a minute on average, up to `burst` at once. In memory
 * of this instance (docs/decisions.md, "The seller API"): with several instances a key's ceiling is
 * their number times this, which a per-key limit against runaway scripts can afford.
 */
export interface RateLimiter {
  /** Takes one call for `key` at `now`: 0 when allowed, otherwise the seconds until one is. */
  take(key: number, now: number): number;
}

export function tokenBucket(options: { perMinute: number; burst: number }): RateLimiter {
  const perMs = options.perMinute / 60_000;
  const buckets = new Map<number, { tokens: number; at: number }>();
  return {
    take(key, now) {
      const bucket = buckets.get(key) ?? { tokens: options.burst, at: now };
      bucket.tokens = Math.min(options.burst, bucket.tokens + (now - bucket.at) * perMs);
      bucket.at = now;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
    },
  };
}
