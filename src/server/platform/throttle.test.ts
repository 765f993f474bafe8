import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.js';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then the calls of the interval once at its end', () => {
    const action = vi.fn();
    const call = throttle(1_000, action);
    call();
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(400);
    call();
    call();
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600);
    expect(action).toHaveBeenCalledTimes(2);
    // That run opened an interval of its own, with no calls in it: nothing more.
    vi.advanceTimersByTime(5_000);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('a call after a quiet interval runs at once', () => {
    const action = vi.fn();
    const call = throttle(1_000, action);
    call();
    vi.advanceTimersByTime(1_000);
    call();
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('cancel drops the run waiting for the end of the interval', () => {
    const action = vi.fn();
    const call = throttle(1_000, action);
    call();
    call();
    call.cancel();
    vi.advanceTimersByTime(5_000);
    expect(action).toHaveBeenCalledTimes(1);
  });
});
