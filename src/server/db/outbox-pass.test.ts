import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLAIM_RENEW_MS } from './outbox.js';
import { deliverClaimed, NotDeliverable, type OutboxOutcome } from './outbox-pass.js';

class Refused extends Error {}

afterEach(() => vi.useRealTimers());

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
      renew: async () => undefined,
      renewFailed: () => undefined,
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

  it('gives a NotDeliverable up at once, with its reason, though the outbox names no final errors of its own', async () => {
    const items = [
      { id: 'gone', attempts: 1 },
      { id: 'busy', attempts: 1 },
    ];
    const finished: [string, OutboxOutcome][] = [];
    const warned: [string, boolean][] = [];
    await deliverClaimed(items, {
      send: async (item) => {
        throw item.id === 'gone' ? new NotDeliverable('the action is gone') : new Error('timeout');
      },
      finish: async (item, outcome) => void finished.push([item.id, outcome]),
      retry: { maxAttempts: 3, baseMs: 1_000, maxMs: 60_000 },
      warn: (item, _error, giveUp) => void warned.push([item.id, giveUp]),
      renew: async () => undefined,
      renewFailed: () => undefined,
    });
    expect(finished).toEqual([
      ['gone', { status: 'failed', error: 'the action is gone' }],
      ['busy', { status: 'pending', error: 'timeout', delayMs: 1_000 }],
    ]);
    expect(warned).toEqual([
      ['gone', true],
      ['busy', false],
    ]);
  });

  it('renews the claims of the rows not yet finished while a slow batch works, and stops when it ends', async () => {
    vi.useFakeTimers();
    const renewed: string[][] = [];
    const slowSend = () => new Promise<void>((resolve) => setTimeout(resolve, 1.6 * CLAIM_RENEW_MS));
    const items = [
      { id: 'first', attempts: 1 },
      { id: 'second', attempts: 1 },
    ];
    const delivering = deliverClaimed(items, {
      send: slowSend,
      finish: async () => undefined,
      isFinal: () => false,
      retry: { maxAttempts: 3, baseMs: 1_000, maxMs: 60_000 },
      warn: () => undefined,
      renew: async (open) => void renewed.push(open.map((item) => item.id)),
      renewFailed: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(4 * CLAIM_RENEW_MS + 1);
    expect(await delivering).toBe(2);
    expect(renewed).toEqual([['first', 'second'], ['second'], ['second']]);
    await vi.advanceTimersByTimeAsync(3 * CLAIM_RENEW_MS);
    expect(renewed).toHaveLength(3);
  });
});
