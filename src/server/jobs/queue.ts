import PgBoss from 'pg-boss';
import type { Database } from '../db/connection.js';
import { heartbeat } from '../db/heartbeat.js';
import type { JobDefinition, JobLog, JobQueue } from '../platform/job.js';

/**
 * How long each drain job works within a move of the demo clock: long enough to send everything a
 * test queues (its tests read deliveries right after a move), short enough that a scale bench's
 * backlog of notices does not hold the move (docs/decisions.md, "A drain job works in slices").
 */
const CLOCK_DRAIN_SLICE_MS = 5_000;

/** An arbitrary constant key, like the migrations' own. */
const JOB_QUEUE_SETUP_LOCK_KEY = 7_342_002;

/**
 * How often idle workers look for jobs queued by other instances or for later (a local send wakes them
 * at once, and the watch takes over a dead instance's work on its own timer). Each of the ≈ 16 queues
 * polls: at 2 s an idle instance ran 8 queries a second and spent ≈ 2 % of a core on them.
 */
const POLLING_INTERVAL_SECONDS = 5;

/**
 * A running job is its instance's for this long past its last sign of life: the worker writes one
 * every JOB_BEAT_MS while the handler runs (three fit in the lease), so a handler may use its
 * whole allowance on a live instance, while a job a dead one held is taken over (`repeatOrphaned`)
 * within the lease plus one watch instead of waiting out that allowance (15 min by default).
 * The sign of life is kept in the job's `output` (pg-boss writes it only when the job ends), so
 * pg-boss's own expiry and its handler timeout (both read `expire_in`) stay as they were.
 */
export const JOB_LEASE_SECONDS = 10;
export const JOB_BEAT_MS = 3_000;
/** pg-boss's own tables (its default schema). */
const BOSS_SCHEMA = 'pgboss';

export async function startJobQueue(options: {
  database: Database;
  log: JobLog;
  jobs: JobDefinition<never>[];
  /**
   * false: no `cron` job runs on the real clock here (the test servers, PERIODIC_JOBS=clock): they run
   * only through `runPeriodicOnce`, the demo clock's move. Queued jobs and their retries are as before.
   */
  cron?: boolean;
}): Promise<JobQueue> {
  const { database, log, jobs, cron = true } = options;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    // Maintenance finds crashed jobs (expired) and cleans up; every instance takes part, pg-boss
    // makes sure one runs it at a time.
    maintenanceIntervalSeconds: 30,
    monitorStateIntervalSeconds: 60,
    // pg-boss's timekeeper is what turns the schedules into jobs: without crons it does not start.
    schedule: cron,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  // Instances starting together set up pg-boss's schema, queues and schedules one at a time.
  await database.withAdvisoryLock(JOB_QUEUE_SETUP_LOCK_KEY, async () => {
    await boss.start();
    // The watch's look for orphaned jobs (`repeatOrphaned`) reads the running jobs of every queue on
    // every instance each 5 s: this index holds only those few rows, where pg-boss's own indexes
    // leave a scan of the whole job table (≈ 90 ms at 200 000 jobs). On the partitioned table, so
    // each queue's partition gets it, also those made later.
    await database.executeSql(`CREATE INDEX IF NOT EXISTS job_active_scanapp ON ${BOSS_SCHEMA}.job (name) WHERE state = 'active'`);
    for (const job of jobs) {
      await boss.createQueue(job.name, {
        name: job.name,
        policy: 'standard',
        retryLimit: job.retryLimit ?? 5,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: job.expireInSeconds ?? 15 * 60,
      });
      if (!job.cron) continue;
      // Without crons a schedule left by an earlier start on this database (a template, another
      // setting) goes too, so no instance's timekeeper runs it (docs/decisions.md, "Test servers run no cron").
      if (cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      else await boss.unschedule(job.name);
    }
  });

  const stopping = new AbortController();
  const workerIds = new Map<string, string>();
  const runningJobs = new Map<string, number>();
  const runningIds = new Set<string>();
  const wake = (name: string) => {
    const id = workerIds.get(name);
    if (id) boss.notifyWorker(id);
  };
  const queue: JobQueue = {
    async send(name, data = {}, sendOptions = {}) {
      await boss.send(name, data, sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {});
      if (!sendOptions.startAfter || sendOptions.startAfter.getTime() <= Date.now()) wake(name);
    },
    async sendDebounced(name, seconds) {
      await boss.sendDebounced(name, {}, {}, seconds);
      wake(name);
    },
    async runPeriodicOnce() {
      const ran: string[] = [];
      // Beside pg-boss's own runs of the same crons, when it runs them: handlers are safe when repeated (see above).
      for (const job of jobs.filter((definition) => definition.cron)) {
        try {
          // What a test queues is sent within the move, as before; a backlog gets a few seconds here
          // and goes on in the queue (JobContext.sliceMs).
          await job.handle({} as never, { signal: stopping.signal, queue, sliceMs: CLOCK_DRAIN_SLICE_MS });
        } catch (error) {
          log.error({ err: error, job: job.name }, 'periodic job run by the demo clock failed');
          return { ran, failed: job.name };
        }
        ran.push(job.name);
      }
      return { ran };
    },
    async handOver(name) {
      await boss.offWork(name);
      await boss.send(name, {});
    },
    async repeatOrphaned() {
      // One statement on every instance each watch; an orphan is taken by one of them (the row's
      // lock). Jobs running here are never orphans, even after the event loop was held up.
      const { rows } = await database.executeSql(
        `UPDATE ${BOSS_SCHEMA}.job SET state = 'failed', completed_on = now(),
                output = jsonb_build_object('message', 'its instance stopped; queued again')
          WHERE name = ANY($1::text[]) AND state = 'active' AND NOT (id = ANY($2::uuid[]))
            AND COALESCE((output->>'alive_at')::timestamptz, started_on) < now() - make_interval(secs => $3)
          RETURNING name, data`,
        [jobs.map((job) => job.name), [...runningIds], JOB_LEASE_SECONDS],
      );
      const orphans = rows as { name: string; data: object | null }[];
      for (const orphan of orphans) await queue.send(orphan.name, orphan.data ?? {});
      return orphans.map((orphan) => orphan.name);
    },
    running: () => [...runningJobs].flatMap(([name, count]) => Array<string>(count).fill(name)),
    async stop({ timeoutMs = 10_000 } = {}) {
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };

  for (const job of jobs) {
    const workerId = await boss.work<object>(job.name, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, async ([received]) => {
      if (!received) return;
      runningJobs.set(job.name, (runningJobs.get(job.name) ?? 0) + 1);
      runningIds.add(received.id);
      const alive = heartbeat({
        beat: async () => {
          await database.executeSql(
            `UPDATE ${BOSS_SCHEMA}.job SET output = jsonb_build_object('alive_at', now()) WHERE name = $1 AND id = $2 AND state = 'active'`,
            [job.name, received.id],
          );
        },
        everyMs: JOB_BEAT_MS,
        onError: (error) => log.error({ err: error, job: job.name }, 'could not renew a running job'),
      });
      try {
        await job.handle(received.data as never, { signal: stopping.signal, queue });
      } catch (error) {
        log.error({ err: error, job: job.name }, 'background job failed, it will be retried');
        throw error;
      } finally {
        await alive.stop();
        runningIds.delete(received.id);
        runningJobs.set(job.name, runningJobs.get(job.name)! - 1);
      }
    });
    workerIds.set(job.name, workerId);
  }
  return queue;
}
