import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/connection.js';
import type { Seller } from '../tests/support/api-client.js';
import { createFundedSeller } from '../tests/support/operator.js';
import { freshReceipt, registerReceipt } from '../tests/support/receipts.js';
import { BUILT_SERVER, type RunningServer } from '../tests/support/server-process.js';
import { startBenchServer } from './server.js';
import { machineLine, median, rssMiB, settledRssMiB, table, timeIt, type Row } from './report.js';

export const CONNECTIONS = 10;
const RECEIPTS = 1_000_000;
const BUYERS = 100_000;
const DISTINCT_QRS = 300;
/**
 * The whole database: the measured seller's million plus other sellers' receipts
 * (BENCH_RECEIPTS_TOTAL, default 10 M; BENCH_RECEIPTS_TOTAL_PGLITE for PGlite alone).
 */
const totalReceipts = (database: string) =>
  Number((database === 'PGlite' ? process.env.BENCH_RECEIPTS_TOTAL_PGLITE : undefined) ?? process.env.BENCH_RECEIPTS_TOTAL ?? 10_000_000);
const OTHER_SELLERS = 999;

/**
 * The measured seller's million receipts over 100 000 buyers, and their per-buyer statistics and
 * summaries. The segments' triggers on a first purchase are off for the statistics' insert: they
 * take a lock per shopper, which 100 000 in one statement run out of, and nobody here gave a
 * birthday or holds points without buying.
 */
function sellerSeedSql(userId: number, projectId: number): string {
  return `
    INSERT INTO receipts (user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, fn, fd, fp, issued_at,
                          total_kopecks, status, message, points_awarded, counted_kopecks, fee_kopecks, scanned_at)
    SELECT ${userId}, ${projectId}, 'Нагрузка', '{072196655529}', (g % ${BUYERS})::text, 'seed', '9999000000000000', g::text, g::text,
           now() - make_interval(secs => g), 178600, CASE WHEN g % 10 = 0 THEN 'no_items' ELSE 'success' END, 'seed', 178, 178600, 800,
           now() - make_interval(secs => g)
      FROM generate_series(1, ${RECEIPTS}) AS g;
    INSERT INTO receipt_items (receipt_id, position, name, price_kopecks, quantity, sum_kopecks, provider_inn, status)
    SELECT r.id, p, 'Товар ' || p, 59500, 1, 59500, '072196655529', 'counted'
      FROM (SELECT id FROM receipts WHERE user_id = ${userId} ORDER BY id DESC LIMIT 2000) AS r, generate_series(0, 2) AS p;
    ALTER TABLE buyer_stats DISABLE TRIGGER buyer_birthday_outsiders_bought, DISABLE TRIGGER buyer_points_only_bought, DISABLE TRIGGER buyer_stats_birthday_month;
    INSERT INTO buyer_stats (user_id, project_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at)
    SELECT ${userId}, ${projectId}, g::text, 9, 1607400 + g, now() - make_interval(mins => g)
      FROM generate_series(0, ${BUYERS - 1}) AS g
    ON CONFLICT DO NOTHING;
    ALTER TABLE buyer_stats ENABLE TRIGGER buyer_birthday_outsiders_bought, ENABLE TRIGGER buyer_points_only_bought, ENABLE TRIGGER buyer_stats_birthday_month;
    INSERT INTO seller_buyers (user_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at)
    SELECT user_id, buyer_tg_id, sum(successful_receipts), sum(total_kopecks), max(last_receipt_at) FROM buyer_stats WHERE user_id = ${userId} GROUP BY 1, 2
    ON CONFLICT (user_id, buyer_tg_id) DO UPDATE SET successful_receipts = EXCLUDED.successful_receipts, total_kopecks = EXCLUDED.total_kopecks, last_receipt_at = EXCLUDED.last_receipt_at;
    DELETE FROM buyer_summaries WHERE user_id = ${userId};
    INSERT INTO buyer_summaries (user_id, project_id, buyers, successful_receipts, total_kopecks)
    SELECT user_id, project_id, count(*), sum(successful_receipts), sum(total_kopecks) FROM buyer_stats WHERE user_id = ${userId} GROUP BY 1, 2
    UNION ALL SELECT user_id, 0, count(*), sum(successful_receipts), sum(total_kopecks) FROM seller_buyers WHERE user_id = ${userId} GROUP BY 1`;
}

/** Other sellers' receipts, so the tables and indexes are the size of a busy service (in chunks of 1 M). */
function othersSeedSql(total: number): string[] {
  const others = Math.max(0, total - RECEIPTS);
  const statements = [
    `INSERT INTO users (name, email, password_hash) SELECT 'Продавец ' || g, 'bench-seller-' || g || '@example.com', 'x' FROM generate_series(1, ${OTHER_SELLERS}) AS g`,
  ];
  for (let from = 0; from < others; from += 1_000_000) {
    const to = Math.min(others, from + 1_000_000);
    statements.push(`
      INSERT INTO receipts (user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, fn, fd, fp, issued_at,
                            total_kopecks, status, message, points_awarded, counted_kopecks, fee_kopecks, scanned_at)
      SELECT s.id, NULL, 'Чужая акция', '{7707083893}', (g % 50000)::text, 'seed', '9999000000000001', g::text, g::text,
             now() - make_interval(secs => g), 100000, 'success', 'seed', 100, 100000, 800, now() - make_interval(secs => g)
        FROM generate_series(${from + 1}, ${to}) AS g
        JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE email LIKE 'bench-seller-%') AS s ON s.n = g % ${OTHER_SELLERS}`);
  }
  return statements;
}

/**
 * A server that has run for a while: before the first measured load of each call, the same call
 * for WARM_UP_S, not counted. A fresh PGlite server's first 6 s of checks ran at 263/s, the next
 * runs at 414–446/s: JavaScript and PGlite's WebAssembly are still being compiled to optimised code,
 * and the first pass of the receipts goes to the tax service. The check path has more such code
 * than the profile call it is divided by, so a cold run measured the warm-up, not the check.
 */
export const WARM_UP_S = 5;

/**
 * The profile and the check are measured in turn, ROUNDS times, and the ratio is the median of the
 * rounds' ratios. Measured once each, one after the other, the ratio read 51 % and 40 % four
 * minutes apart on the same code on a quiet machine: what else the machine did moved one row and
 * not the other. Rounds side by side in time see the same machine.
 */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Rate {
  perSecond: number;
  p99: number;
  errors: number;
}

export async function load(server: RunningServer, request: autocannon.Request, durationS: number): Promise<Rate> {
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: durationS, requests: [request] });
  return { perSecond: Math.round(result.requests.average), p99: result.latency.p99, errors: result.non2xx + result.errors };
}

/** The rounds' rates of one call: the median rate, the worst p99 and all errors. */
function summary(rates: Rate[]): string {
  const errors = rates.reduce((sum, rate) => sum + rate.errors, 0);
  return `${median(rates.map((rate) => rate.perSecond))} req/s (rounds: ${rates.map((rate) => rate.perSecond).join(', ')}), p99 ≤ ${Math.max(...rates.map((rate) => rate.p99))} ms, errors ${errors}`;
}

async function profileAndCheckRates(
  server: RunningServer,
  profile: autocannon.Request,
  check: autocannon.Request,
  durationS: number,
): Promise<{ profile: string; check: string }> {
  await autocannon({ url: server.url, connections: CONNECTIONS, duration: WARM_UP_S, requests: [profile] });
  await autocannon({ url: server.url, connections: CONNECTIONS, duration: WARM_UP_S, requests: [check] });
  const profiles: Rate[] = [];
  const checks: Rate[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    profiles.push(await load(server, profile, durationS));
    checks.push(await load(server, check, durationS));
  }
  const ratios = checks.map((rate, round) => Math.round((rate.perSecond / profiles[round]!.perSecond) * 100));
  return {
    profile: summary(profiles),
    check: `${summary(checks)}; **${median(ratios)} % of the profile rate** (rounds: ${ratios.map((ratio) => `${ratio} %`).join(', ')})`,
  };
}

export async function checkRequest(server: RunningServer, seller: Seller, projectId: number): Promise<autocannon.Request> {
  const qrs: string[] = [];
  for (let i = 0; i < DISTINCT_QRS; i++) qrs.push(await registerReceipt(server.url, freshReceipt('wb-aurora-cosmetics')));
  let next = 0;
  return {
    method: 'POST',
    path: '/lk/api/check',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.api.token}` },
    setupRequest: (request) => ({
      ...request,
      body: JSON.stringify({
        qrurl: qrs[next++ % qrs.length],
        user_id: seller.id,
        project_id: projectId,
        user_id_tg: String(1 + (next % 5000)),
      }),
    }),
  };
}

/**
 * Statements per call, counted by PostgreSQL itself: the database logs every statement (log_statement
 * = all), and the lines between two markers are one call's, less the job queue's own polling
 * (pg-boss shares the pool; its statements all name its schema, pgboss). A periodic job's tick can
 * still fall between the markers, so each call is counted three times and the fewest is kept.
 */
async function statementsPerCall(databaseUrl: string): Promise<Row[]> {
  const psql = (sql: string) => execFileSync('psql', [databaseUrl, '-qAtc', sql], { encoding: 'utf8' }).trim();
  const database = new URL(databaseUrl).pathname.slice(1);
  psql(`ALTER DATABASE "${database}" SET log_statement = 'all'`);
  const logFile = path.join(path.dirname(psql('SHOW data_directory')), 'server.log');
  const server = await startBenchServer({ DATABASE_URL: databaseUrl, TRUST_PROXY: 'false', DATABASE_POOL_SIZE: '2' });
  try {
    const seller = await createFundedSeller(server.url, 100_000);
    const projectId = (await seller.api.post('/projects', { name: 'Запросы', project_inns: '072196655529' })).body.project_id as number;
    const register = () => registerReceipt(server.url, freshReceipt('wb-aurora-cosmetics'));
    const firstQrs = [await register(), await register(), await register()];
    const cachedQr = await register();
    await seller.api.post('/check', { qrurl: cachedQr, project_id: projectId, user_id_tg: '1' });
    let marker = 0;
    const countOnce = async (call: () => Promise<unknown>) => {
      const label = `bench-marker-${++marker}`;
      psql(`SELECT '${label}-start'`);
      await call();
      psql(`SELECT '${label}-end'`);
      const log = readFileSync(logFile, 'utf8');
      const start = log.indexOf('\n', log.lastIndexOf(`${label}-start`));
      const end = log.lastIndexOf('\n', log.lastIndexOf(`${label}-end`));
      const lines = log.slice(start, end).split('\n');
      return lines.filter((line) => /LOG:\s+(statement|execute [^:]*):/.test(line) && !line.includes('pgboss.')).length;
    };
    const count = async (call: (attempt: number) => Promise<unknown>) =>
      Math.min(await countOnce(() => call(0)), await countOnce(() => call(1)), await countOnce(() => call(2)));
    const profile = await count(() => seller.api.get('/profile'));
    // A refused check takes fewer statements: count only checks that awarded.
    const check = async (qrurl: string, buyer: string) => {
      const answer = await seller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: buyer });
      if (answer.body.data?.status !== 'success') throw new Error(`check not successful: ${answer.text}`);
    };
    const first = await count((attempt) => check(firstQrs[attempt]!, '1'));
    const repeat = await count((attempt) => check(cachedQr, String(2 + attempt)));
    return [
      { scenario: 'statements per GET /lk/api/profile', database: 'PostgreSQL 15', value: String(profile) },
      {
        scenario: 'statements per successful check, receipt fetched from the tax service',
        database: 'PostgreSQL 15',
        value: String(first),
      },
      { scenario: 'statements per successful check, receipt from the cache', database: 'PostgreSQL 15', value: String(repeat) },
    ];
  } finally {
    await server.stop();
    psql(`ALTER DATABASE "${database}" RESET log_statement`);
  }
}

async function measure(database: string, databaseUrl: string | undefined, durationS: number): Promise<Row[]> {
  const rows: Row[] = [];
  // Progress on the console as each row is measured (the table is written at the end).
  const push = rows.push.bind(rows);
  rows.push = (...added: Row[]) => {
    for (const row of added) console.log(`${row.database} | ${row.scenario} | ${row.value}`);
    return push(...added);
  };
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl, TRUST_PROXY: 'false' } : { TRUST_PROXY: 'false' };
  let server = await startBenchServer(env, { entry: BUILT_SERVER });
  try {
    rows.push({
      scenario: 'idle memory (RSS) after start-up, once settled, new database',
      database,
      value: `${await settledRssMiB(server.process.pid!)} MiB`,
    });
    const seller = await createFundedSeller(server.url, 5_000_000);
    const projectId = (await seller.api.post('/projects', { name: 'Нагрузка', project_inns: '072196655529' })).body.project_id as number;

    // The ceiling of this machine at this moment: one cheap authenticated call, measured in turn with the checks.
    const profile: autocannon.Request = {
      method: 'GET',
      path: '/lk/api/profile',
      headers: { authorization: `Bearer ${seller.api.token}` },
    };
    const rates = await profileAndCheckRates(server, profile, await checkRequest(server, seller, projectId), durationS);
    rows.push({ scenario: `GET /lk/api/profile (${CONNECTIONS} connections)`, database, value: rates.profile });
    rows.push({
      scenario: `POST /lk/api/check (success path, ${DISTINCT_QRS} receipts, instant tax emulator, ${CONNECTIONS} connections)`,
      database,
      value: rates.check,
    });

    // PGlite belongs to one process: seed it with the server stopped.
    if (!databaseUrl) {
      server.process.kill('SIGTERM');
      await new Promise((resolve) => server.process.once('exit', resolve));
    }
    const seeding = performance.now();
    const db = await openDatabase({ databaseUrl, dataDir: server.dataDir, poolSize: 2 });
    // Analytics is not measured here: the seeded receipts are taken off its queue.
    const statements = [
      ...sellerSeedSql(seller.id, projectId).split(';'),
      ...othersSeedSql(totalReceipts(database)),
      'TRUNCATE analytics_pending',
    ]
      .map((s) => s.trim())
      .filter(Boolean);
    for (const statement of statements) await db.query(statement);
    await db.query('ANALYZE');
    const receipts = (await db.query<{ receipts: string }>('SELECT count(*) AS receipts FROM receipts'))[0]?.receipts ?? 0;
    await db.close();
    rows.push({
      scenario: `seeding: the seller's ${RECEIPTS.toLocaleString('en')} receipts + ${BUYERS.toLocaleString('en')} buyers, ${Number(receipts).toLocaleString('en')} receipts of ${OTHER_SELLERS + 1}+ sellers in all (SQL)`,
      database,
      value: `${Math.round((performance.now() - seeding) / 1000)} s`,
    });
    if (!databaseUrl) server = await startBenchServer(env, { keepDataDir: server.dataDir, entry: BUILT_SERVER });

    const get = (path: string) => async () => {
      const response = await fetch(`${server.url}/lk/api${path}`, { headers: { authorization: `Bearer ${seller.api.token}` } });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    };
    const timed = async (scenario: string, path: string, runs = 30) => {
      await get(path)(); // warm-up
      const { median, p95 } = await timeIt(runs, get(path));
      rows.push({ scenario, database, value: `median ${median} ms, p95 ${p95} ms` });
    };
    const firstPage = (await (
      await fetch(`${server.url}/lk/api/receipts?page=1&limit=10`, { headers: { authorization: `Bearer ${seller.api.token}` } })
    ).json()) as {
      receipts: { id: number }[];
    };
    const deepCursor = firstPage.receipts[0]!.id - 500_000;
    await timed('GET /receipts page 1 (of 1M)', `/receipts?page=1&limit=10`);
    await timed('GET /receipts page 1 of one action', `/receipts?page=1&limit=10&project_id=${projectId}`);
    await timed('GET /receipts page 1 000 (offset 10 000)', `/receipts?page=1000&limit=10`);
    await timed('GET /receipts page 50 000 by keyset (`after`)', `/receipts?page=50000&limit=10&after=${deepCursor}`);
    await timed('GET /buyers top 100 by sum (of 100k)', `/buyers?sort=total_amount&order=desc&limit=100`);
    await timed(
      'GET /buyers top 100 by receipts, one action',
      `/buyers?project_id=${projectId}&sort=successful_receipts_count&order=desc&limit=100`,
    );
    await timed('GET /buyers last 30 days, top 100 by last purchase', `/buyers?period_days=30&limit=100`);
    await timed('GET /buyers all 100k (the contract call)', `/buyers`, 5);
    rows.push({ scenario: 'memory (RSS) after the runs', database, value: `${rssMiB(server.process.pid!)} MiB` });
    return rows;
  } finally {
    await server.stop();
    // PGlite's server was restarted on the seeded folder, which its stop then leaves (1.8 GB a run).
    if (!databaseUrl) rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export async function receiptsBench(postgresUrl: (name: string) => string | undefined, durationS: number): Promise<string> {
  const rows = await measure('PGlite', undefined, durationS);
  const pg = postgresUrl('bench_receipts');
  if (pg) rows.push(...(await measure('PostgreSQL 15', pg, durationS)));
  const counted = postgresUrl('bench_statements');
  if (counted) {
    try {
      rows.push(...(await statementsPerCall(counted)));
    } catch (error) {
      rows.push({
        scenario: 'statements per call',
        database: 'PostgreSQL 15',
        value: `not measured: ${(error as Error).message.split('\n')[0]}`,
      });
    }
  }
  return `${machineLine(`autocannon ${CONNECTIONS} connections × ${durationS} s for the profile and check rows, in turn for ${ROUNDS} rounds after ${WARM_UP_S} s of each call not counted (the median round; the ratio is the median of the rounds' ratios); sequential requests over HTTP for the query rows.`)}\n\n${table(rows)}`;
}
