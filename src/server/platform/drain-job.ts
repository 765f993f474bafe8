import type { JobDefinition } from './job.js';

/**
 * How long one run of a drain job works: a backlog that outlasts it (a draw's 50 000 result notices
 * take half an hour at Telegram's 30 messages a second) goes on in the run it queues, so no run
 * nears pg-boss's allowance and the cron's runs and the demo clock never wait behind it.
 */
export const DRAIN_SLICE_MS = 20_000;

/**
 * A job that drains one table of due work (an outbox, stored bot updates): queued after the
 * transaction that wrote the work, and by a minute cron that catches whatever a crash left in
 * between. It sends batches while they do something, for up to its slice (then it queues its
 * continuation at once), then queues itself for the earliest retry.
 */
export function drainJob(options: {
  name: string;
  /** Handles one batch of due rows; answers how many it handled (0: nothing is due now). */
  drainBatch: () => Promise<number>;
  /** When the next row not yet handled is due (null: none left). */
  nextDueAt: () => Promise<Date | null>;
  /** Rows still due now wait at least this long (a per-bot pace), so the job does not spin. */
  minWaitMs?: number;
}): JobDefinition {
  return {
    name: options.name,
    cron: '* * * * *',
    retryLimit: 2,
    expireInSeconds: 5 * 60,
    async handle(_data, { signal, queue, sliceMs = DRAIN_SLICE_MS }) {
      const deadline = Date.now() + sliceMs;
      while (!signal.aborted && (await options.drainBatch()) > 0) {
        if (Date.now() >= deadline) return queue.send(options.name);
      }
      const next = await options.nextDueAt();
      if (!next) return;
      const soonest = new Date(Date.now() + (options.minWaitMs ?? 0));
      await queue.send(options.name, {}, { startAfter: next > soonest ? next : soonest });
    },
  };
}
