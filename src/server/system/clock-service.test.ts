import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../contract/messages.js';
import { createClock } from '../clock.js';
import { AppError } from '../errors.js';
import { advanceClock } from './clock-service.js';

const T0 = new Date('2026-03-01T09:00:00Z');
const clockAt = () => createClock({ movable: true, base: () => T0 });

describe('advancing the demo clock', () => {
  it('answers once the periodic jobs have finished, which ran at the new time, in order', async () => {
    const clock = clockAt();
    const seen: string[] = [];
    const answer = await advanceClock(
      {
        clock,
        runPeriodicJobs: async () => {
          await Promise.resolve();
          seen.push(clock.now().toISOString());
          return { ran: ['subscription-expiry', 'points-expiry'] };
        },
      },
      86_400,
    );
    expect(seen).toEqual(['2026-03-02T09:00:00.000Z']);
    expect(answer).toEqual({ offset_seconds: 86_400, now: '2026-03-02T09:00:00.000Z', ran: ['subscription-expiry', 'points-expiry'] });
  });

  it('a failing job answers 500 naming it in Russian, and the clock stays moved', async () => {
    const clock = clockAt();
    const failing = advanceClock({ clock, runPeriodicJobs: async () => ({ ran: ['subscription-expiry'], failed: 'balance-watch' }) }, 60);
    const error = await failing.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 500,
      message: fillMessage(messages.clock.jobFailed, { job: 'balance-watch' }),
      details: { job: 'balance-watch' },
    });
    expect(clock.offsetSeconds).toBe(60);
  });
});
