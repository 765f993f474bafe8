import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { blankPgliteDirectory } from '../../../tests/support/blank-pglite.js';
import { openDatabase, type Database } from '../db/connection.js';
import type { JobQueue } from '../platform/job.js';
import { JOB_LEASE_SECONDS, startJobQueue } from './queue.js';

let dataDir: string;
let database: Database;
let queue: JobQueue;
let releaseSlow: () => void = () => undefined;
const slowStarted = vi.fn();
const periodicRuns: object[] = [];
const log = { error: () => undefined, info: () => undefined };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-queue-'));
  blankPgliteDirectory(path.join(dataDir, 'db'));
  database = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1 });
  queue = await startJobQueue({
    database,
    log,
    jobs: [
      {
        name: 'slow',
        handle: () => {
          slowStarted();
          return new Promise<void>((resolve) => (releaseSlow = resolve));
        },
      },
      { name: 'periodic', cron: '0 3 * * *', handle: async (data) => void periodicRuns.push(data) },
    ],
  });
}, 120_000);

afterAll(async () => {
  releaseSlow();
  await queue?.stop({ timeoutMs: 1_000 });
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Seconds since the job started and since its last sign of life, for the active jobs of `name`. */
const activeJobs = async (name: string) => {
  const { rows } = await database.executeSql(
    `SELECT extract(epoch FROM now() - started_on) AS ran, extract(epoch FROM now() - (output->>'alive_at')::timestamptz) AS silent
       FROM pgboss.job WHERE name = $1 AND state = 'active'`,
    [name],
  );
  return (rows as { ran: string | number; silent: string | number | null }[]).map((row) => ({
    ran: Number(row.ran),
    silent: row.silent === null ? null : Number(row.silent),
  }));
};

it('keeps a long job of a live instance its own, and queues again, once, a job whose instance stopped beating', async () => {
  await queue.send('slow');
  await vi.waitFor(() => expect(slowStarted).toHaveBeenCalledOnce(), { timeout: 10_000 });
  // The run outlives its lease: its beats keep it alive, and the watch leaves it alone.
  await vi.waitFor(
    async () => {
      const [slow] = await activeJobs('slow');
      expect(slow!.silent).toBeLessThan(JOB_LEASE_SECONDS);
      expect(slow!.ran).toBeGreaterThan(JOB_LEASE_SECONDS + 1);
    },
    { timeout: 30_000, interval: 500 },
  );
  expect(await queue.repeatOrphaned()).toEqual([]);

  // What a dead instance leaves: a run started 20 s ago, its lease not renewed since.
  await database.executeSql(
    `INSERT INTO pgboss.job (id, name, data, state, started_on, expire_in)
     VALUES (gen_random_uuid(), 'periodic', '{"day":"2026-11-26"}', 'active', now() - interval '20 seconds', interval '${JOB_LEASE_SECONDS} seconds')`,
  );
  expect(await queue.repeatOrphaned()).toEqual(['periodic']);
  await vi.waitFor(() => expect(periodicRuns).toEqual([{ day: '2026-11-26' }]), { timeout: 10_000 });
  expect(await queue.repeatOrphaned()).toEqual([]);
  expect(slowStarted).toHaveBeenCalledOnce();
  const { rows } = await database.executeSql(`SELECT state FROM pgboss.job WHERE name = 'periodic' ORDER BY created_on`);
  expect(rows).toEqual([{ state: 'failed' }, { state: 'completed' }]);
}, 90_000);

it('without crons schedules none, removes those an earlier start left, and still runs queued jobs and the clock’s runs', async () => {
  const schedules = async () => (await database.query<{ name: string }>('SELECT name FROM pgboss.schedule')).map((row) => row.name);
  expect(await schedules()).toEqual(['periodic']);
  releaseSlow();
  await queue.stop({ timeoutMs: 1_000 });

  const queuedRuns: object[] = [];
  queue = await startJobQueue({
    database,
    log,
    cron: false,
    jobs: [
      { name: 'queued', handle: async (data) => void queuedRuns.push(data) },
      { name: 'periodic', cron: '0 3 * * *', handle: async (data) => void periodicRuns.push(data) },
    ],
  });
  // The schedule the first start wrote is gone: no instance's timekeeper runs it on the real clock.
  expect(await schedules()).toEqual([]);
  await queue.send('queued', { receipt: 1 });
  await vi.waitFor(() => expect(queuedRuns).toEqual([{ receipt: 1 }]), { timeout: 10_000 });
  expect(await queue.runPeriodicOnce()).toEqual({ ran: ['periodic'] });
  expect(periodicRuns.at(-1)).toEqual({});
}, 30_000);
