import { describe, expect, it } from 'vitest';
import { Lifecycle } from './lifecycle.js';

describe('draining', () => {
  it('runs its steps one after another in the order given, so the watch stops before the bots are released', async () => {
    const lifecycle = new Lifecycle();
    const events: string[] = [];
    let releaseFirst!: () => void;
    lifecycle.onDrain('stopping the watch', async () => {
      events.push('watch: stopping');
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      events.push('watch: stopped');
    });
    lifecycle.onDrain('releasing the bots', async () => {
      events.push('bots: released');
    });
    const drained = lifecycle.drain();
    await Promise.resolve();
    expect(events).toEqual(['watch: stopping']);
    expect(lifecycle.unfinished()).toEqual(['stopping the watch']);
    releaseFirst();
    await drained;
    expect(events).toEqual(['watch: stopping', 'watch: stopped', 'bots: released']);
    expect(lifecycle.unfinished()).toEqual([]);
  });

  it('still runs the later steps when one fails, and reports the failure', async () => {
    const lifecycle = new Lifecycle();
    const ran: string[] = [];
    lifecycle.onDrain('first', async () => {
      throw new Error('the watch would not stop');
    });
    lifecycle.onDrain('second', async () => {
      ran.push('second');
    });
    await expect(lifecycle.drain()).rejects.toThrow('the watch would not stop');
    expect(ran).toEqual(['second']);
  });
});
