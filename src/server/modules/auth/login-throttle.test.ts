import { describe, expect, it } from 'vitest';
import { ACCOUNT_POLICY, minutesToWait, retryAfterMs } from './login-throttle.js';

const start = new Date('2026-01-01T10:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

describe('login throttle rules', () => {
  it('allows attempts up to the limit within a window', () => {
    expect(retryAfterMs({ attempts: ACCOUNT_POLICY.maxAttempts, windowStartedAt: start }, ACCOUNT_POLICY, at(1000))).toBe(0);
  });

  it('refuses the attempt after the limit until the window ends', () => {
    const counter = { attempts: ACCOUNT_POLICY.maxAttempts + 1, windowStartedAt: start };
    expect(retryAfterMs(counter, ACCOUNT_POLICY, at(60_000))).toBe(ACCOUNT_POLICY.windowMs - 60_000);
  });

  it('never keeps an account locked longer than one window', () => {
    const counter = { attempts: 1000, windowStartedAt: start };
    expect(retryAfterMs(counter, ACCOUNT_POLICY, at(0))).toBeLessThanOrEqual(ACCOUNT_POLICY.windowMs);
    expect(retryAfterMs(counter, ACCOUNT_POLICY, at(ACCOUNT_POLICY.windowMs))).toBe(0);
  });

  it('rounds the wait up to whole minutes, at least one', () => {
    expect(minutesToWait(1)).toBe(1);
    expect(minutesToWait(60_000)).toBe(1);
    expect(minutesToWait(60_001)).toBe(2);
  });
});
