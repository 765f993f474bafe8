import { describe, expect, it } from 'vitest';
import { deliverClaimed, type OutboxOutcome } from './outbox-pass.js';

class Refused extends Error {}

describe('deliverClaimed', () => {
  it('marks each row sent, due again with a doubling wait, or failed when final or out of tries', async () => {
    const items = [
      { id: 'ok', attempts: 1 },
      { id: 'busy', attempts: 2 },
      { id: 'refused', attempts: 1 },
      { id: 'tired', attempts: 3 },
    ];
    const finished: [string, OutboxOutcome][] = [];
    const warned: [string, boolean][] = [];
    const count = await deliverClaimed(items, {
      send: async (item) => {
        if (item.id === 'refused') throw new Refused('blocked');
        if (item.id !== 'ok') throw new Error('timeout');
      },
      finish: async (item, outcome) => void finished.push([item.id, outcome]),
      isFinal: (error) => error instanceof Refused,
      retry: { maxAttempts: 3, baseMs: 1_000, maxMs: 60_000 },
      warn: (item, _error, giveUp) => void warned.push([item.id, giveUp]),
    });
    expect(count).toBe(4);
    expect(finished).toEqual([
      ['ok', { status: 'sent' }],
      ['busy', { status: 'pending', error: 'timeout', delayMs: 2_000 }],
      ['refused', { status: 'failed', error: 'blocked' }],
      ['tired', { status: 'failed', error: 'timeout' }],
    ]);
    expect(warned).toEqual([
      ['busy', false],
      ['refused', true],
      ['tired', true],
    ]);
  });
});
