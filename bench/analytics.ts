import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { openDatabase, type Database, type Executor } from '../src/server/db/connection.js';
import { MARKETPLACE_ISSUER_INNS } from '../src/contract/marketplace-issuers.js';
import { addDays, moscowDay } from '../src/server/modules/analytics/period.js';
import { catchUp } from '../src/server/modules/analytics/repository.js';
import { getPayoff } from '../src/server/modules/payoff/service.js';
import { ADMIN_TOKEN_HEADER } from '../src/contract/constants.js';
import { createFundedSeller } from '../tests/support/operator.js';
import { TEST_ADMIN_TOKEN } from '../tests/support/server-process.js';
import { startBenchServer } from './server.js';
import { machineLine, rssMiB, table, timeIt, type Row } from './report.js';

const RECEIPTS = Number(process.env.BENCH_ANALYTICS_RECEIPTS ?? 1_000_000);
const BUYERS = Number(process.env.BENCH_ANALYTICS_BUYERS ?? 150_000);
/** `payoff`: only what the payoff rows need (the receipts, their aggregates, the marketplace rows, the shoppers' points). */
const PAYOFF_ONLY = process.env.BENCH_ANALYTICS_ONLY === 'payoff';
const PRODUCTS = 40;
const YEAR_S = 365 * 86_400;
const MONTH_S = 30 * 86_400;
const CATCH_UP_RECEIPTS = 100_000;
const daysAgo = (days: number) => addDays(moscowDay(new Date()), -days);
const MARKETPLACE_ROWS = Number(process.env.BENCH_PAYOFF_ROWS ?? 1_000_000);

/**
 * `receipts` receipts of one seller spread evenly over `spanS` seconds up to now, 85 % successful
 * with one counted item each (PRODUCTS product names), the rest refused with four statuses;
 * buyers drawn from BUYERS. The year is written and then taken off the analytics queue, and the
 * aggregates are built by the operator rebuild (timed), as after a restore; `queued` receipts are
 * queued for the catch-up as checked receipts are.
 */
function seedSql(
  userId: number,
  projectId: number,
  { receipts, spanS, queued }: { receipts: number; spanS: number; queued: boolean },
): string[] {
  return [
    `INSERT INTO receipts (user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, fn, fd, fp, issued_at,
                           total_kopecks, status, message, points_awarded, counted_kopecks, fee_kopecks, scanned_at, seller_inn)
     SELECT ${userId}, ${projectId}, 'Аналитика', '{072196655529}', ((g::bigint * 7919) % ${BUYERS})::text, 'seed', '9999000000000001', g::text, g::text,
            now() - make_interval(secs => (g::double precision * ${spanS} / ${receipts})), 178600,
            CASE WHEN g % 20 < 17 THEN 'success' WHEN g % 20 = 17 THEN 'already_scanned' WHEN g % 20 = 18 THEN 'too_old' ELSE CASE WHEN g % 40 = 19 THEN 'no_items' ELSE 'not_recognized' END END,
            'seed', CASE WHEN g % 20 < 17 THEN 178 ELSE 0 END, CASE WHEN g % 20 < 17 THEN 178600 ELSE 0 END, CASE WHEN g % 20 < 17 THEN 75 ELSE 0 END,
            now() - make_interval(secs => (g::double precision * ${spanS} / ${receipts})),
            -- Issued by Wildberries and Ozon in turn (the payoff's capture rate reads the issuer).
            CASE WHEN g % 2 = 0 THEN '${MARKETPLACE_ISSUER_INNS.wildberries}' ELSE '${MARKETPLACE_ISSUER_INNS.ozon}' END
       FROM generate_series(1, ${receipts}) AS g`,
    `INSERT INTO receipt_items (receipt_id, position, name, price_kopecks, quantity, sum_kopecks, provider_inn, status)
     SELECT id, 0, 'Товар ' || (id % ${PRODUCTS}), 178600, 1, 178600, '072196655529', 'counted'
       FROM receipts WHERE user_id = ${userId} AND status = 'success'`,
    // As after a restore: nothing queued, the rebuild counts it all.
    ...(queued ? [] : ['TRUNCATE analytics_pending']),
    'ANALYZE receipts',
    'ANALYZE receipt_items',
  ];
}

/**
 * The seller's marketplace accounts and `rows` marketplace rows over a year, as the import stores
 * them: both marketplaces in turn, one row in ten a return, 1–3 units, the receipts' PRODUCTS names.
 */
function marketplaceSql(userId: number, rows: number): string[] {
  return [
    `INSERT INTO marketplace_connections (user_id, kind, secret, client_id, secret_hint, imported_until)
     VALUES (${userId}, 'wildberries', 'sealed', NULL, 'xxxx', now()), (${userId}, 'ozon', 'sealed', '1', 'xxxx', now())`,
    `INSERT INTO marketplace_sales (connection_id, user_id, marketplace, external_id, kind, happened_at, moscow_day, product_name, name_key,
                                    units, amount_kopecks, changed_at)
     SELECT c.id, ${userId}, c.kind, 'bench-' || g, CASE WHEN g % 10 = 0 THEN 'return' ELSE 'sale' END, at, analytics_day(at),
            'Товар ' || (g % ${PRODUCTS}), 'товар ' || (g % ${PRODUCTS}), 1 + g % 3, 178600, at
       FROM generate_series(1, ${rows}) AS g
       CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (g::double precision * ${YEAR_S} / ${rows})) AS at) AS moment
       JOIN marketplace_connections c ON c.user_id = ${userId} AND c.kind = CASE WHEN g % 2 = 0 THEN 'wildberries' ELSE 'ozon' END`,
    'ANALYZE marketplace_sales',
    // Kept by the rows' triggers as the import writes them.
    'ANALYZE marketplace_sales_daily',
  ];
}

/**
 * Each buyer's points in the action, as awards leave them (a quarter with some held), and a lot of
 * points expiring per buyer, spread over the next 365 days, written through buyer_points' and
 * points_lots' triggers, which append each change to the actions' totals and their days of expiry.
 */
function pointsSql(projectId: number): string[] {
  // The segments' triggers on a first balance (points-only shoppers, birthday outsiders, the
  // birthday month kept on the balance) take a lock per shopper, which a million rows in one
  // statement run out of; «Окупаемость» reads none of them (and the bench gives no birthdays), so
  // they are off for this one insert.
  const segmentTriggers = (change: 'ENABLE' | 'DISABLE') =>
    `ALTER TABLE buyer_points ${change} TRIGGER buyer_points_only_credited, ${change} TRIGGER buyer_birthday_outsiders_credited, ${change} TRIGGER buyer_points_birthday_month`;
  return [
    segmentTriggers('DISABLE'),
    `INSERT INTO buyer_points (project_id, buyer_tg_id, balance, held)
     SELECT ${projectId}, g::text, 100 + g % 500, CASE WHEN g % 4 = 0 THEN 50 ELSE 0 END FROM generate_series(0, ${BUYERS - 1}) AS g`,
    segmentTriggers('ENABLE'),
    `INSERT INTO points_ledger (project_id, buyer_tg_id, delta, held_delta, reason, reference, created_at, kind, actor, expires_at)
     SELECT ${projectId}, g::text, 100 + g % 500, 0, 'Бонус', 'bench:lot:' || g, now(), 'manual', 'seller',
            now() + make_interval(secs => g::double precision * ${YEAR_S} / ${BUYERS})
       FROM generate_series(0, ${BUYERS - 1}) AS g`,
    `INSERT INTO points_lots (ledger_id, project_id, buyer_tg_id, expires_at, remaining)
     SELECT id, project_id, buyer_tg_id, expires_at, delta FROM points_ledger WHERE project_id = ${projectId} AND expires_at IS NOT NULL`,
    'ANALYZE buyer_points',
    'ANALYZE points_lots',
  ];
}

/**
 * Runs one payoff call with every statement it sends explained first (EXPLAIN ANALYZE, BUFFERS),
 * and prints the plans: what each read costs, whatever the wall time on a busy machine.
 */
async function explainPayoff(database: Database, sellerId: number, query: Parameters<typeof getPayoff>[2]): Promise<void> {
  const dialect = new PgDialect();
  const explaining = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return async (statement: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(statement);
        const plan = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
        console.log(`\n--- ${text.replace(/\s+/g, ' ').slice(0, 160)}\n${plan.map((line) => line['QUERY PLAN']).join('\n')}`);
        return target.execute(statement);
      };
    },
  }) as Executor;
  await getPayoff({ db: explaining, now: () => new Date() }, sellerId, query);
}

async function measure(databaseUrl: string): Promise<Row[]> {
  const database = 'PostgreSQL 15';
  const rows: Row[] = [];
  const server = await startBenchServer({ DATABASE_URL: databaseUrl, TRUST_PROXY: 'false' });
  try {
    const seller = await createFundedSeller(server.url, 100_000);
    const projectId = (await seller.api.post('/projects', { name: 'Аналитика', project_inns: '072196655529' })).body.project_id as number;

    const seeding = performance.now();
    const db = await openDatabase({ databaseUrl, dataDir: server.dataDir, poolSize: 1 });
    for (const statement of seedSql(seller.id, projectId, { receipts: RECEIPTS, spanS: YEAR_S, queued: false })) await db.query(statement);
    await db.close();
    console.log(`seeded in ${Math.round((performance.now() - seeding) / 1000)} s`);
    rows.push({
      scenario: `seeding ${RECEIPTS.toLocaleString('en')} receipts over 365 days + counted items (SQL, not queued)`,
      database,
      value: `${Math.round((performance.now() - seeding) / 1000)} s`,
    });

    const rebuild = performance.now();
    // The CLI's own call (the test helper's 30 s process timeout is too short for a million receipts).
    const rebuilt = await fetch(`${server.url}/lk/api/admin/analytics/rebuild`, {
      method: 'POST',
      headers: { [ADMIN_TOKEN_HEADER]: TEST_ADMIN_TOKEN },
    });
    if (!rebuilt.ok) throw new Error(`rebuild: ${rebuilt.status} ${await rebuilt.text()}`);
    rows.push({
      scenario: 'analytics rebuild, the call behind `npm run admin -- analytics:rebuild` (all aggregates from the receipts)',
      database,
      value: `${Math.round((performance.now() - rebuild) / 1000)} s`,
    });
    const analyze = await openDatabase({ databaseUrl, dataDir: server.dataDir, poolSize: 1 });
    const aggregates = [
      'analytics_daily',
      'analytics_buyer_returns',
      'analytics_products',
      'analytics_buyer_days',
      'analytics_capture',
      'analytics_capture_items',
      'analytics_shopper_firsts',
    ];
    for (const name of aggregates) await analyze.query(`ANALYZE ${name}`);
    const [sizes] = await analyze.query<Record<string, string>>(
      `SELECT ${aggregates.filter((name) => name !== 'analytics_buyer_days').map((name) => `(SELECT count(*) FROM ${name}) AS ${name}`)}`,
    );
    await analyze.close();
    rows.push({
      scenario: 'aggregate rows (daily / buyer returns / products / payoff: capture / capture items / shoppers’ first days)',
      database,
      value: Object.values(sizes!).join(' / '),
    });

    const marketplaces = await openDatabase({ databaseUrl, dataDir: server.dataDir, poolSize: 1 });
    const seedingSales = performance.now();
    for (const statement of marketplaceSql(seller.id, MARKETPLACE_ROWS)) await marketplaces.query(statement);
    await marketplaces.close();
    rows.push({
      scenario: `seeding ${MARKETPLACE_ROWS.toLocaleString('en')} marketplace rows over 365 days (SQL, with their daily sums' trigger)`,
      database,
      value: `${Math.round((performance.now() - seedingSales) / 1000)} s`,
    });
    const points = await openDatabase({ databaseUrl, dataDir: server.dataDir, poolSize: 1 });
    const seedingPoints = performance.now();
    for (const statement of pointsSql(projectId)) await points.query(statement);
    const [shoppers] = await points.query<{ firsts: string; cohort_days: string }>(
      `SELECT (SELECT count(*) FROM analytics_shopper_firsts WHERE user_id = ${seller.id}) AS firsts,
              (SELECT count(*) FROM analytics_cohort_days WHERE user_id = ${seller.id}) AS cohort_days`,
    );
    rows.push({
      scenario: `seeding ${BUYERS.toLocaleString('en')} shoppers' points (SQL, with the actions' totals trigger); shoppers' first days / their counts per day`,
      database,
      value: `${Math.round((performance.now() - seedingPoints) / 1000)} s; ${shoppers!.firsts} / ${shoppers!.cohort_days} rows`,
    });
    // What the payoff-fold job does once a minute: here, all the seed's changes in one pass.
    const folding = performance.now();
    const [folded] = await points.query<{ folded: string }>('SELECT payoff_totals_fold() AS folded');
    rows.push({
      scenario: "the payoff-fold job's first pass after the seed (rows folded away)",
      database,
      value: `${Math.round(performance.now() - folding)} ms; ${Number(folded!.folded).toLocaleString('en')} rows`,
    });
    // As autovacuum would soon after a pass that deleted that many rows: the reads' index scans skip them.
    await points.query('VACUUM ANALYZE buyer_points_totals');
    await points.query('VACUUM ANALYZE points_expiring_days');
    // The last 365 days by month once more, each statement explained (printed, not in the table).
    await explainPayoff(points, seller.id, { group: 'month', from: daysAgo(364), to: daysAgo(0) });
    await points.close();

    const get = (path: string) => async () => {
      const response = await fetch(`${server.url}/lk/api${path}`, { headers: { authorization: `Bearer ${seller.api.token}` } });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    // The machine is shared: a trivial authenticated call measured alongside shows the noise floor.
    const analyticsCalls = [
      ['GET /analytics period=30 (all actions)', '/analytics?period=30'],
      ['GET /analytics period=90', '/analytics?period=90'],
      ['GET /analytics period=all (365 days)', '/analytics?period=all'],
      ['GET /analytics period=all, one action', `/analytics?period=all&project_id=${projectId}`],
    ] as const;
    for (const [scenario, path] of [
      ['GET /profile (control: one indexed row)', '/profile'],
      ...(PAYOFF_ONLY ? [] : analyticsCalls),
      ['GET /analytics/payoff (last 30 days by day)', '/analytics/payoff'],
      ['GET /analytics/payoff (90 days by week)', `/analytics/payoff?group=week&from=${daysAgo(89)}&to=${daysAgo(0)}`],
      ['GET /analytics/payoff (365 days by month)', `/analytics/payoff?group=month&from=${daysAgo(364)}&to=${daysAgo(0)}`],
      [
        'GET /analytics/payoff.csv?figure=capture (365 days by day)',
        `/analytics/payoff.csv?figure=capture&from=${daysAgo(364)}&to=${daysAgo(0)}`,
      ],
    ] as const) {
      await get(path)(); // warm-up
      const { median, p95 } = await timeIt(50, get(path));
      rows.push({ scenario, database, value: `median ${median} ms, p95 ${p95} ms` });
    }

    if (PAYOFF_ONLY) return rows;
    // The catch-up after checks (migration 0017): another seller's month of receipts, queued as
    // checks queue them, counted in batches as the job and analytics reads count them.
    const other = await createFundedSeller(server.url, 100_000);
    const otherProject = (await other.api.post('/projects', { name: 'Очередь', project_inns: '072196655529' })).body.project_id as number;
    const queue = await openDatabase({ databaseUrl, dataDir: server.dataDir, poolSize: 1 });
    for (const statement of seedSql(other.id, otherProject, { receipts: CATCH_UP_RECEIPTS, spanS: MONTH_S, queued: true }))
      await queue.query(statement);
    const catchUpStarted = performance.now();
    const counted = await catchUp(queue.db);
    const catchUpMs = performance.now() - catchUpStarted;
    await queue.close();
    rows.push({
      scenario: `analytics catch-up of ${counted.toLocaleString('en')} queued receipts (another seller's month, ${BUYERS.toLocaleString('en')} buyers)`,
      database,
      value: `${(catchUpMs / 1000).toFixed(1)} s, ${(catchUpMs / counted).toFixed(3)} ms per receipt`,
    });

    // The export: the whole history as CSV, with the server's RSS sampled while it streams.
    const pid = server.process.pid!;
    const before = rssMiB(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 25);
    const started = performance.now();
    const response = await fetch(`${server.url}/lk/api/receipts/export.csv`, { headers: { authorization: `Bearer ${seller.api.token}` } });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    clearInterval(sampler);
    rows.push({
      scenario: `GET /receipts/export.csv (${(lines - 1).toLocaleString('en')} rows, ${Math.round(bytes / 1_048_576)} MiB)`,
      database,
      value: `${Math.round((performance.now() - started) / 1000)} s; server RSS ${before} MiB before, peak ${peak} MiB`,
    });
  } finally {
    await server.stop();
  }
  return rows;
}

export async function analyticsBench(postgresUrl: (name: string) => string | undefined): Promise<string> {
  const pg = postgresUrl('bench_analytics');
  if (!pg) return 'PostgreSQL binaries not found: the analytics bench runs on PostgreSQL only.';
  const rows = await measure(pg);
  return `${machineLine(`one seller, ${RECEIPTS.toLocaleString('en')} receipts over a year, ${BUYERS.toLocaleString('en')} buyers, ${MARKETPLACE_ROWS.toLocaleString('en')} marketplace rows; 50 sequential requests per analytics row over HTTP.`)}\n\n${table(rows)}`;
}
