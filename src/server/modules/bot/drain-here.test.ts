import { describe, expect, it, vi } from 'vitest';
import { drainHere } from './drain-here.js';

/** A drain whose batches are released one by one by the test. */
function controlledDrain() {
  const waiting: ((handled: number) => void)[] = [];
  const drainBatch = vi.fn(() => new Promise<number>((resolve) => waiting.push(resolve)));
  const settle = async (handled: number) => {
    await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    waiting.shift()!(handled);
  };
  return { drainBatch, settle };
}

describe('drainHere', () => {
  it('drains at once until a batch finds nothing', async () => {
    const { drainBatch, settle } = controlledDrain();
    const drain = drainHere({ drainBatch, onError: () => undefined });
    drain();
    expect(drainBatch).toHaveBeenCalledTimes(1);
    await settle(10);
    await settle(3);
    await settle(0);
    await drain.stop();
    expect(drainBatch).toHaveBeenCalledTimes(3);
  });

  it('runs one drain at a time, and looks again when called during the run', async () => {
    const { drainBatch, settle } = controlledDrain();
    const drain = drainHere({ drainBatch, onError: () => undefined });
    drain();
    // Stored while the empty batch was being read: one more look, not a second drain in parallel.
    drain();
    drain();
    expect(drainBatch).toHaveBeenCalledTimes(1);
    await settle(0);
    await settle(0);
    await drain.stop();
    expect(drainBatch).toHaveBeenCalledTimes(2);
  });

  it('runs up to `parallel` drains, and a call while all run makes one look again', async () => {
    const { drainBatch, settle } = controlledDrain();
    const drain = drainHere({ drainBatch, onError: () => undefined, parallel: 2 });
    drain();
    drain();
    expect(drainBatch).toHaveBeenCalledTimes(2);
    drain();
    expect(drainBatch).toHaveBeenCalledTimes(2);
    await settle(0);
    await settle(0);
    // The third call: one more look by a run that would have ended.
    await settle(0);
    await drain.stop();
    expect(drainBatch).toHaveBeenCalledTimes(3);
  });

  it('reports a failed drain and drains again on the next call', async () => {
    const onError = vi.fn();
    let calls = 0;
    const afterRun = vi.fn();
    const drain = drainHere({
      drainBatch: async () => {
        calls++;
        if (calls === 1) throw new Error('database gone');
        return 0;
      },
      onError,
      afterRun,
    });
    drain();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('database gone')));
    // The job queue takes over what the failed run left.
    await vi.waitFor(() => expect(afterRun).toHaveBeenCalledTimes(1));
    drain();
    await drain.stop();
    expect(calls).toBe(2);
    expect(afterRun).toHaveBeenCalledTimes(2);
  });

  it('once stopped, waits for the run in progress and starts no other', async () => {
    const { drainBatch, settle } = controlledDrain();
    const drain = drainHere({ drainBatch, onError: () => undefined });
    drain();
    const stopped = drain.stop();
    await settle(5);
    await stopped;
    drain();
    expect(drainBatch).toHaveBeenCalledTimes(1);
  });
});
