import type { z } from 'zod';
import type { clockAdvancedSchema, clockStateSchema } from '../../contract/clock.js';
import { fillMessage, messages } from '../../contract/messages.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';

export interface ClockDeps {
  clock: Clock;
  /** Runs every periodic job once, in order; stops at the first failure and names it (jobs/queue.ts). */
  runPeriodicJobs: () => Promise<{ ran: string[]; failed?: string }>;
}

export function clockState(clock: Clock): z.infer<typeof clockStateSchema> {
  return { offset_seconds: clock.offsetSeconds, now: clock.now().toISOString() };
}

/**
 * Moves the clock forward, then runs every periodic job once, as if its time had come, and answers
 * when they have finished. A job that fails leaves the clock moved (the jobs before it already
 * acted at the new time, and moving back would not undo that): the 500 names the job.
 */
export async function advanceClock(deps: ClockDeps, seconds: number): Promise<z.infer<typeof clockAdvancedSchema>> {
  deps.clock.advance(seconds);
  const { ran, failed } = await deps.runPeriodicJobs();
  if (failed !== undefined) throw new AppError('internal', fillMessage(messages.clock.jobFailed, { job: failed }), {}, { job: failed });
  return { ...clockState(deps.clock), ran };
}
