import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { WEBHOOK_EVENTS } from '../src/contract/webhooks.js';
import { createFundedSeller } from '../tests/support/operator.js';
import { startBenchServer } from './server.js';
import { CONNECTIONS, ROUNDS, WARM_UP_S, checkRequest, load } from './receipts.js';
import { machineLine, median, table, type Row } from './report.js';

interface FunctionTime {
  funcname: string;
  calls: number;
  self_ms: number;
}

/**
 * What the webhook triggers cost a receipt check (PostgreSQL): two sellers' checks in turn, ROUNDS
 * rounds of each in the same minutes, one seller with no endpoint and one with an endpoint
 * subscribed to every event (a local receiver answering 204, so the deliveries run too). Then each
 * seller's checks once more with the database timing its PL/pgSQL functions (`track_functions =
 * 'pl'`; pg_stat_statements is not loaded in the bench's cluster): the triggers' own time per check.
 */
export async function receiptWebhooksBench(postgresUrl: (name: string) => string | undefined, durationS: number): Promise<string> {
  const databaseUrl = postgresUrl('bench_receipt_webhooks');
  if (!databaseUrl) return 'Not measured: PostgreSQL binaries not found.';
  const psql = (sql: string) => execFileSync('psql', [databaseUrl, '-qAtc', sql], { encoding: 'utf8' }).trim();
  const database = new URL(databaseUrl).pathname.slice(1);
  psql(`ALTER DATABASE "${database}" SET track_functions = 'pl'`);
  const receiver = createServer((request, response) => request.resume().on('end', () => response.writeHead(204).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const server = await startBenchServer({ DATABASE_URL: databaseUrl, TRUST_PROXY: 'false' });
  try {
    const sellerWithAction = async (name: string) => {
      const seller = await createFundedSeller(server.url, 5_000_000);
      const projectId = (await seller.api.post('/projects', { name, project_inns: '072196655529' })).body.project_id as number;
      return { seller, projectId };
    };
    const plain = await sellerWithAction('Без вебхуков');
    const hooked = await sellerWithAction('С вебхуком');
    const endpoint = await hooked.seller.api.post('/webhooks', {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`,
      events: [...WEBHOOK_EVENTS],
    });
    if (endpoint.status !== 200) throw new Error(endpoint.text);
    const plainCheck = await checkRequest(server, plain.seller, plain.projectId);
    const hookedCheck = await checkRequest(server, hooked.seller, hooked.projectId);
    for (const check of [plainCheck, hookedCheck])
      await autocannon({ url: server.url, connections: CONNECTIONS, duration: WARM_UP_S, requests: [check] });

    const plainRates: number[] = [];
    const hookedRates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      plainRates.push((await load(server, plainCheck, durationS)).perSecond);
      hookedRates.push((await load(server, hookedCheck, durationS)).perSecond);
    }
    const ratios = hookedRates.map((rate, round) => Math.round((rate / plainRates[round]!) * 1000) / 10);

    // The triggers' own time: statistics reset, one seller's checks, then the database's figures.
    const timed = async (check: autocannon.Request): Promise<{ checks: number; functions: FunctionTime[] }> => {
      psql('SELECT pg_stat_reset()');
      const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: durationS, requests: [check] });
      // A backend reports its statistics at most once a second, and when idle.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const rows = psql(
        `SELECT funcname, calls, round(self_time::numeric, 1) FROM pg_stat_user_functions
          WHERE funcname LIKE 'webhook%' OR funcname = 'queue_webhook_event' ORDER BY funcname`,
      );
      const functions = rows
        ? rows.split('\n').map((line) => {
            const [funcname, calls, self] = line.split('|');
            return { funcname: funcname!, calls: Number(calls), self_ms: Number(self) };
          })
        : [];
      return { checks: result.requests.total - result.non2xx, functions };
    };
    const perCheck = (run: { checks: number; functions: FunctionTime[] }) => {
      const total = run.functions.reduce((sum, fn) => sum + fn.self_ms, 0);
      const parts = run.functions.map((fn) => `${fn.funcname} ${fn.calls}×`).join(', ');
      return `${Math.round((total / run.checks) * 1000)} µs of trigger time per check over ${run.checks} checks (${parts || 'none'})`;
    };
    const plainTimed = await timed(plainCheck);
    const hookedTimed = await timed(hookedCheck);
    const deliveries = psql(`SELECT count(*) FILTER (WHERE status = 'sent') || ' sent of ' || count(*) FROM webhook_deliveries`);
    const rows: Row[] = [
      {
        scenario: `POST /lk/api/check, seller with no webhook endpoint (${CONNECTIONS} connections)`,
        database: 'PostgreSQL 15',
        value: `${median(plainRates)} req/s (rounds: ${plainRates.join(', ')})`,
      },
      {
        scenario: `POST /lk/api/check, seller with one endpoint subscribed to every event, delivered meanwhile (${CONNECTIONS} connections)`,
        database: 'PostgreSQL 15',
        value: `${median(hookedRates)} req/s (rounds: ${hookedRates.join(', ')}); **${median(ratios)} % of the rate without** (rounds: ${ratios.map((ratio) => `${ratio} %`).join(', ')})`,
      },
      { scenario: 'webhook triggers, seller with no endpoint', database: 'PostgreSQL 15', value: perCheck(plainTimed) },
      { scenario: 'webhook triggers, seller with one endpoint on every event', database: 'PostgreSQL 15', value: perCheck(hookedTimed) },
      { scenario: 'deliveries written by the measured checks', database: 'PostgreSQL 15', value: deliveries },
    ];
    return `${machineLine(`autocannon ${CONNECTIONS} connections × ${durationS} s, the two sellers' checks in turn for ${ROUNDS} rounds after ${WARM_UP_S} s of each not counted; then one more run of each with track_functions = 'pl'.`)}\n\n${table(rows)}`;
  } finally {
    await server.stop();
    receiver.close();
    psql(`ALTER DATABASE "${database}" RESET track_functions`);
  }
}
