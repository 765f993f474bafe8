import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { createSeller } from '../tests/support/api-client.js';
import { BUILT_SERVER, type RunningServer } from '../tests/support/server-process.js';
import { startBenchServer } from './server.js';
import { machineLine, rssMiB, settledRssMiB, table, type Row } from './report.js';

const CONNECTIONS = 10;

async function load(server: RunningServer, requests: autocannon.Request[], durationS: number): Promise<autocannon.Result> {
  return autocannon({ url: server.url, connections: CONNECTIONS, duration: durationS, requests });
}

async function measure(database: string, env: Record<string, string>, durationS: number): Promise<Row[]> {
  const rows: Row[] = [];
  const started = performance.now();
  const server = await startBenchServer({ ...env, TRUST_PROXY: 'false' }, { entry: BUILT_SERVER });
  rows.push({ scenario: 'start-up to first answer (new database)', database, value: `${Math.round(performance.now() - started)} ms` });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  rows.push({
    scenario: 'idle memory (RSS) after start-up, once settled',
    database,
    value: `${await settledRssMiB(server.process.pid!)} MiB`,
  });

  const seller = await createSeller(server.url);
  const login = await load(
    server,
    [
      {
        method: 'POST',
        path: '/lk/api/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: seller.email, password: seller.password }),
      },
    ],
    durationS,
  );
  rows.push({
    scenario: 'POST /lk/api/login',
    database,
    value: `${Math.round(login.requests.average)} req/s, p99 ${login.latency.p99} ms, errors ${login.non2xx + login.errors}`,
  });
  const profile = await load(
    server,
    [{ method: 'GET', path: `/lk/api/profile?user_id=${seller.id}`, headers: { authorization: `Bearer ${seller.api.token}` } }],
    durationS,
  );
  rows.push({
    scenario: 'GET /lk/api/profile',
    database,
    value: `${Math.round(profile.requests.average)} req/s, p99 ${profile.latency.p99} ms, errors ${profile.non2xx + profile.errors}`,
  });
  rows.push({ scenario: 'memory (RSS) after load', database, value: `${rssMiB(server.process.pid!)} MiB` });

  if (!env.DATABASE_URL) {
    server.process.kill('SIGTERM');
    await new Promise((resolve) => server.process.once('exit', resolve));
    const restarted = performance.now();
    const again = await startBenchServer({ TRUST_PROXY: 'false' }, { keepDataDir: server.dataDir, entry: BUILT_SERVER });
    rows.push({
      scenario: 'start-up to first answer (existing database)',
      database,
      value: `${Math.round(performance.now() - restarted)} ms`,
    });
    await again.stop();
    // A server started on a kept folder leaves it at its stop.
    rmSync(server.dataDir, { recursive: true, force: true });
  } else {
    await server.stop();
  }
  return rows;
}

export async function foundationBench(postgresUrl: (name: string) => string | undefined, durationS: number): Promise<string> {
  const rows = await measure('PGlite', {}, durationS);
  const pg = postgresUrl('bench_foundation');
  if (pg) rows.push(...(await measure('PostgreSQL 15', { DATABASE_URL: pg }, durationS)));
  return `${machineLine(`autocannon ${CONNECTIONS} connections × ${durationS} s per load row.`)}\n\n${table(rows)}`;
}
