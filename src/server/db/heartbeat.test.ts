import { afterEach, describe, expect, it, vi } from 'vitest';
import { heartbeat } from './heartbeat.js';

afterEach(() => vi.useRealTimers());

describe('heartbeat', () => {
  it('beats every interval until stopped, never two beats at once', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    let beats = 0;
    let finish: () => void = () => undefined;
    const beat = () =>
      new Promise<void>((resolve) => {
        beats++;
        running++;
        most = Math.max(most, running);
        finish = () => {
          running--;
          resolve();
        };
      });
    const beating = heartbeat({ beat, everyMs: 1000, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(999);
    expect(beats).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(beats).toBe(1);
    // The first beat is slow: the next tick skips instead of overlapping it.
    await vi.advanceTimersByTimeAsync(1000);
    expect(beats).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(beats).toBe(2);
    finish();
    await beating.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(beats).toBe(2);
    expect(most).toBe(1);
  });

  it('hands a failed beat to onError and keeps beating', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let beats = 0;
    const beating = heartbeat({
      beat: async () => {
        beats++;
        throw new Error('database away');
      },
      everyMs: 500,
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(1000);
    await beating.stop();
    expect(beats).toBe(2);
    expect(errors).toHaveLength(2);
  });
});
