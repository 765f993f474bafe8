/**
 * The buyers' points shop: the public products call under load (autocannon) on PGlite and
 * PostgreSQL for a shop of PRODUCTS products, and Lighthouse mobile on `/shop/{token}` with the
 * Mini App's JavaScript (gzip). Demo mode: the page gets the emulator's Mini App stand-in, signed
 * for the demo buyer, exactly as `npm start` serves it.
 *
 *   npm run bench -- shop
 */
import autocannon from 'autocannon';
import { BILLING_DEFAULTS } from '../src/contract/billing.js';
import { createFundedSeller } from '../tests/support/operator.js';
import { type RunningServer } from '../tests/support/server-process.js';
import { startBenchServer } from './server.js';
import { newBotToken } from '../tests/support/telegram.js';
import { signInitData } from '../src/server/integrations/telegram/web-app-init-data.js';
import { runLighthouseBench } from './lighthouse.js';
import { machineLine, table, type Row } from './report.js';

const CONNECTIONS = 10;
const PRODUCTS = 30;

/** A seller's action with a mailing bot (it signs the Mini App's init data) and PRODUCTS products; answers the shop token and the seller's session. */
async function stockedShop(server: RunningServer): Promise<{ token: string; sellerToken: string; botToken: string }> {
  const seller = await createFundedSeller(server.url, BILLING_DEFAULTS.project_subscription_price + 100);
  const projectId = (await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529' })).body.project_id as number;
  const botToken = newBotToken().token;
  await seller.api.post('/mailing/settings', { bot_token: botToken });
  for (let i = 1; i <= PRODUCTS; i++) {
    const answer = await seller.api.post('/shop/products', {
      project_id: projectId,
      title: `Товар ${i}`,
      description: 'Фирменный подарок для покупателей: описание в пару строк, как у настоящего товара.',
      image_url: null,
      price_points: i * 10,
    });
    if (answer.status >= 300) throw new Error(answer.text);
  }
  const token = (await seller.api.get(`/shop/settings?project_id=${projectId}`)).body.settings.token as string;
  return { token, sellerToken: seller.api.token!, botToken };
}

/** Each load row follows WARM_UP_S of the same call not counted (a fresh server compiles its code first). */
const WARM_UP_S = 5;

async function rate(
  server: RunningServer,
  request: autocannon.Request,
  durationS: number,
): Promise<{ perSecond: number; text: string; statuses: string }> {
  await autocannon({ url: server.url, connections: CONNECTIONS, duration: WARM_UP_S, requests: [request] });
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: durationS, requests: [request] });
  const perSecond = Math.round(result.requests.average);
  // autocannon counts 304 as non-2xx: the 304 row reports it by its count instead.
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stats]) => `${code}: ${(stats as { count: number }).count}`)
    .join(', ');
  return { perSecond, text: `${perSecond} req/s, p99 ${result.latency.p99} ms, errors ${result.errors}`, statuses };
}

/**
 * The products call against GET /lk/api/profile in the same run (one cheap authenticated call:
 * this machine's ceiling at this moment), then the same call revalidated with its ETag (304).
 */
async function loadProducts(server: RunningServer, database: string, durationS: number): Promise<Row[]> {
  const { token, sellerToken } = await stockedShop(server);
  const path = `/lk/api/public/shop/${token}/products`;
  const etag = (await fetch(`${server.url}${path}`)).headers.get('etag') ?? '';
  const profile = await rate(
    server,
    { method: 'GET', path: '/lk/api/profile', headers: { authorization: `Bearer ${sellerToken}` } },
    durationS,
  );
  const products = await rate(server, { method: 'GET', path }, durationS);
  const revalidated = await rate(server, { method: 'GET', path, headers: { 'if-none-match': etag } }, durationS);
  return [
    { scenario: `GET /lk/api/profile (${CONNECTIONS} connections)`, database, value: profile.text },
    {
      scenario: `GET /lk/api/public/shop/{token}/products (${PRODUCTS} products, 200 with the list)`,
      database,
      value: `${products.text}; **${Math.round((products.perSecond / profile.perSecond) * 100)} % of the profile rate**`,
    },
    {
      scenario: 'the same with `If-None-Match` of its ETag (304, no body)',
      database,
      value: `${revalidated.text} (${revalidated.statuses}); ${Math.round((revalidated.perSecond / profile.perSecond) * 100)} % of the profile rate`,
    },
  ];
}

export async function shopBench(postgresUrl: (name: string) => string | undefined, durationS: number): Promise<string> {
  const rows: Row[] = [];
  let lighthouse = '';
  const server = await startBenchServer({ TRUST_PROXY: 'false' });
  try {
    rows.push(...(await loadProducts(server, 'PGlite', durationS)));
    const { token, botToken } = await stockedShop(server);
    // Opened as Telegram opens it from the bot's button: the bot's signed init data in the fragment.
    const launch = new URLSearchParams({
      tgWebAppData: signInitData({ id: 100500, first_name: 'Ира' }, botToken, new Date()),
      tgWebAppVersion: '8.0',
    });
    lighthouse = await runLighthouseBench({
      path: `/shop/${token}#${launch}`,
      scriptsLabel: 'Mini App JavaScript (without the demo Telegram stand-in)',
      budgetKb: 80,
      ignoreScript: (url) => new URL(url).pathname.startsWith('/__emulators/'),
      server,
    });
  } finally {
    await server.stop();
  }

  const pg = postgresUrl('bench_shop');
  if (pg) {
    const pgServer = await startBenchServer({ TRUST_PROXY: 'false', DATABASE_URL: pg });
    try {
      rows.push(...(await loadProducts(pgServer, 'PostgreSQL 15', durationS)));
    } finally {
      await pgServer.stop();
    }
  }
  return [
    machineLine(
      `autocannon ${CONNECTIONS} connections × ${durationS} s per load row, each after ${WARM_UP_S} s of the same call not counted, one after the other on the same server.`,
    ),
    '',
    table(rows),
    '',
    lighthouse,
  ].join('\n');
}
