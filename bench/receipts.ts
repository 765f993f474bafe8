import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/connection.js';
import type { Seller } from '../tests/support/api-client.js';
import { createFundedSeller } from '../tests/support/operator.js';
import { freshReceipt, registerReceipt } from '../tests/support/receipts.js';
import { startServer, type RunningServer } from '../tests/support/server-process.js';
import { machineLine, table, timeIt, type Row } from './report.js';

const CONNECTIONS = 10;
const RECEIPTS = 1_000_000;
const BUYERS = 100_000;
const DISTINCT_QRS = 300;

/** One million receipts over 100 000 buyers and their statistics, written straight into the database. */
function seedSql(userId: number, projectId: number): string {
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
    INSERT INTO buyer_stats (user_id, project_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at)
    SELECT ${userId}, ${projectId}, g::text, 9, 1607400 + g, now() - make_interval(mins => g)
      FROM generate_series(0, ${BUYERS - 1}) AS g
    ON CONFLICT DO NOTHING;
    ANALYZE receipts; ANALYZE buyer_stats;`;
}

async function checksPerSecond(server: RunningServer, seller: Seller, projectId: number, durationS: number): Promise<string> {
  const qrs: string[] = [];
  for (let i = 0; i < DISTINCT_QRS; i++) qrs.push(await registerReceipt(server.url, freshReceipt('wb-aurora-cosmetics')));
  let next = 0;
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: durationS,
    requests: [
      {
        method: 'POST',
        path: '/lk/api/check',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.api.token}` },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ qrurl: qrs[next++ % qrs.length], user_id: seller.id, project_id: projectId, user_id_tg: String(next % 5000) }),
        }),
      },
    ],
  });
  return `${Math.round(result.requests.average)} checks/s, p99 ${result.latency.p99} ms, errors ${result.non2xx + result.errors}`;
}

async function measure(database: string, databaseUrl: string | undefined, durationS: number): Promise<Row[]> {
  const rows: Row[] = [];
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl, TRUST_PROXY: 'false' } : { TRUST_PROXY: 'false' };
  let server = await startServer(env);
  const seller = await createFundedSeller(server.url, 5_000_000);
  const projectId = (await seller.api.post('/projects', { name: 'Нагрузка', project_inns: '072196655529' })).body.project_id as number;

  rows.push({ scenario: `POST /lk/api/check (success path, ${DISTINCT_QRS} receipts, instant tax emulator, ${CONNECTIONS} connections)`, database, value: await checksPerSecond(server, seller, projectId, durationS) });

  // PGlite belongs to one process: seed it with the server stopped.
  if (!databaseUrl) {
    server.process.kill('SIGTERM');
    await new Promise((resolve) => server.process.once('exit', resolve));
  }
  const seeding = performance.now();
  const db = await openDatabase({ databaseUrl, dataDir: server.dataDir, poolSize: 2 });
  for (const statement of seedSql(seller.id, projectId).split(';').map((s) => s.trim()).filter(Boolean)) await db.query(statement);
  await db.close();
  rows.push({ scenario: `seeding ${RECEIPTS.toLocaleString('en')} receipts + ${BUYERS.toLocaleString('en')} buyers (SQL)`, database, value: `${Math.round((performance.now() - seeding) / 1000)} s` });
  if (!databaseUrl) server = await startServer(env, { keepDataDir: server.dataDir });

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
  await timed('GET /receipts page 1 (of 1M)', `/receipts?page=1&limit=10`);
  await timed('GET /receipts page 1 of one action', `/receipts?page=1&limit=10&project_id=${projectId}`);
  await timed('GET /receipts page 1 000 (offset 10 000)', `/receipts?page=1000&limit=10`);
  await timed('GET /buyers top 100 by sum (of 100k)', `/buyers?sort=total_amount&order=desc&limit=100`);
  await timed('GET /buyers last 30 days, top 100 by last purchase', `/buyers?period_days=30&limit=100`);
  await timed('GET /buyers all 100k (the contract call)', `/buyers`, 5);
  await server.stop();
  return rows;
}

export async function receiptsBench(postgresUrl: (name: string) => string | undefined, durationS: number): Promise<string> {
  const rows = await measure('PGlite', undefined, durationS);
  const pg = postgresUrl('bench_receipts');
  if (pg) rows.push(...(await measure('PostgreSQL 15', pg, durationS)));
  return `${machineLine(`autocannon ${CONNECTIONS} connections × ${durationS} s for the check row; sequential requests over HTTP for the query rows.`)}\n\n${table(rows)}`;
}
