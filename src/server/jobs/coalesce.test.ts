import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce.js';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, the delay after the first call of a burst', () => {
    const action = vi.fn();
    const call = coalesce(2_000, action);
    call();
    vi.advanceTimersByTime(1_500);
    call();
    call();
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('a call after a run starts a new delay', () => {
    const action = vi.fn();
    const call = coalesce(1_000, action);
    call();
    vi.advanceTimersByTime(1_000);
    call();
    vi.advanceTimersByTime(999);
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('cancel drops the pending run', () => {
    const action = vi.fn();
    const call = coalesce(1_000, action);
    call();
    call.cancel();
    vi.advanceTimersByTime(5_000);
    expect(action).not.toHaveBeenCalled();
  });
});
