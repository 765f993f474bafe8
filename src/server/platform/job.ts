/**
 * What a module's background work looks like to the job queue (jobs/queue.ts runs it on pg-boss):
 * the types live here, below the modules, so a module defines its own jobs in its manifest without
 * importing the queue. Jobs live in the database, so a job survives a crash and several instances
 * never run the same job twice; handlers are still written to be safe when repeated.
 */
export interface JobContext {
  /** Aborted when the instance shuts down: long jobs stop at a safe point and are resumed later. */
  signal: AbortSignal;
  queue: JobQueue;
  /**
   * How long a job that drains a backlog (drain-job.ts) works before it hands the rest to a run of
   * its own; unset: its usual slice. The demo clock's run passes a few seconds: what a test queues is
   * sent within the move, a backlog of thousands of notices goes on in the queue.
   */
  sliceMs?: number;
}

export interface JobDefinition<Data extends object = object> {
  name: string;
  handle(data: Data, context: JobContext): Promise<void>;
  /**
   * Five-field cron in UTC for recurring work (pg-boss runs it once across all instances); the demo
   * clock's moves run it too, and alone on a server started with PERIODIC_JOBS=clock (the tests').
   */
  cron?: string;
  /** Retries of a failed handler, pg-boss's own backoff. */
  retryLimit?: number;
  /**
   * A handler still running after this long is failed and retried (pg-boss's allowance, also its
   * last resort for a job whose instance died; the watch takes those over sooner, `repeatOrphaned`).
   */
  expireInSeconds?: number;
}

export interface JobLog {
  error(data: object, message: string): void;
  info(data: object, message: string): void;
}

export interface JobQueue {
  /** Queues a job; the local worker is woken at once, others pick it up when they poll. */
  send(name: string, data?: object, options?: { startAfter?: Date }): Promise<void>;
  /** Queues at most one job per `seconds` (one more waits for the next slot), for bursts of triggers. */
  sendDebounced(name: string, seconds: number): Promise<void>;
  /**
   * Runs the handler of every periodic (`cron`) job once, here, one after another, as if its time
   * had come (the demo clock's advance). Answers the names of the jobs that ran, in order; the
   * first failure is logged and stops the run (`failed` names it).
   */
  runPeriodicOnce(): Promise<{ ran: string[]; failed?: string }>;
  /**
   * This instance stops taking `name` jobs and queues one for the other instances: their next
   * poll (within POLLING_INTERVAL_SECONDS) runs it, e.g. to take over the bots polled here.
   */
  handOver(name: string): Promise<void>;
  /**
   * Jobs whose instance stopped beating (JOB_LEASE_SECONDS without a sign of life: it died) are
   * ended as failed and queued afresh with their data, here: the watch's takeover of periodic and
   * queued work (handlers are safe when repeated). Answers the names queued again.
   */
  repeatOrphaned(): Promise<string[]>;
  /** Names of the jobs running on this instance now, one per job. */
  running(): string[];
  /** Lets running jobs finish for up to `timeoutMs` (10 s by default); those still running then are retried elsewhere. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * How often each instance looks for work a dead instance held. pg-boss's crons are minute-grained
 * and its expiry is checked every half minute; this local timer lets a survivor take over within
 * the leases (10–15 s) plus one watch.
 */
export const WATCH_MS = 5_000;
