/**
 * `npm run bench`: measures the foundation on this machine and writes the figures into
 * docs/benchmarks.md (between the bench markers), with the command that produced them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createSeller } from '../tests/support/api-client.js';
import { findPostgresBin, startPostgresCluster, createDatabase } from '../tests/support/postgres-cluster.js';
import { ROOT, startServer, type RunningServer } from '../tests/support/server-process.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;

interface Row {
  scenario: string;
  database: string;
  value: string;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function timeToFirstAnswer(env: Record<string, string>, keepDataDir?: string): Promise<{ ms: number; server: RunningServer }> {
  const started = performance.now();
  const server = await startServer({ ...env, TRUST_PROXY: 'false' }, keepDataDir ? { keepDataDir } : {});
  return { ms: Math.round(performance.now() - started), server };
}

async function load(server: RunningServer, requests: autocannon.Request[]): Promise<autocannon.Result> {
  return autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests,
  });
}

async function measure(database: string, env: Record<string, string>): Promise<Row[]> {
  const rows: Row[] = [];
  const cold = await timeToFirstAnswer(env);
  rows.push({ scenario: 'start-up to first answer (new database)', database, value: `${cold.ms} ms` });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  rows.push({ scenario: 'idle memory (RSS) after start-up', database, value: `${rssMiB(cold.server.process.pid!)} MiB` });

  const seller = await createSeller(cold.server.url);
  const login = await load(cold.server, [
    {
      method: 'POST',
      path: '/lk/api/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seller.email, password: seller.password }),
    },
  ]);
  rows.push({ scenario: 'POST /lk/api/login', database, value: `${Math.round(login.requests.average)} req/s, p99 ${login.latency.p99} ms, errors ${login.non2xx + login.errors}` });

  const profile = await load(cold.server, [
    { method: 'GET', path: `/lk/api/profile?user_id=${seller.id}`, headers: { authorization: `Bearer ${seller.api.token}` } },
  ]);
  rows.push({ scenario: 'GET /lk/api/profile', database, value: `${Math.round(profile.requests.average)} req/s, p99 ${profile.latency.p99} ms, errors ${profile.non2xx + profile.errors}` });
  rows.push({ scenario: 'memory (RSS) after load', database, value: `${rssMiB(cold.server.process.pid!)} MiB` });

  if (database === 'PGlite') {
    const dataDir = cold.server.dataDir;
    await cold.server.process.kill('SIGTERM');
    await new Promise((resolve) => cold.server.process.once('exit', resolve));
    const warm = await timeToFirstAnswer(env, dataDir);
    rows.push({ scenario: 'start-up to first answer (existing database)', database, value: `${warm.ms} ms` });
    await warm.server.stop();
  } else {
    await cold.server.stop();
  }
  return rows;
}

async function main(): Promise<void> {
  const rows = await measure('PGlite', {});
  if (findPostgresBin()) {
    const cluster = await startPostgresCluster();
    try {
      rows.push(...(await measure('PostgreSQL 15', { DATABASE_URL: createDatabase(cluster.url, 'scanapp_bench') })));
    } finally {
      cluster.stop();
    }
  } else {
    console.warn('PostgreSQL binaries not found: PostgreSQL rows skipped');
  }

  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}; autocannon ${CONNECTIONS} connections × ${DURATION_S} s per row.`,
    '',
    '| scenario | database | result |',
    '| --- | --- | --- |',
    ...rows.map((row) => `| ${row.scenario} | ${row.database} | ${row.value} |`),
  ].join('\n');
  console.log(table);

  const file = path.join(ROOT, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const start = '<!-- bench:foundation:start -->';
  const end = '<!-- bench:foundation:end -->';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from === -1 || to === -1) throw new Error(`markers ${start} … ${end} missing in docs/benchmarks.md`);
  writeFileSync(file, `${doc.slice(0, from + start.length)}\n${table}\n${doc.slice(to)}`);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
