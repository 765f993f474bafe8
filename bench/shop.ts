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
import { startServer, type RunningServer } from '../tests/support/server-process.js';
import { newBotToken } from '../tests/support/telegram.js';
import { runLighthouseBench } from './lighthouse.js';
import { machineLine, table, type Row } from './report.js';

const CONNECTIONS = 10;
const PRODUCTS = 30;

/** A seller's action with a mailing bot (it signs the Mini App's init data) and PRODUCTS products; answers the shop token. */
async function stockedShop(server: RunningServer): Promise<string> {
  const seller = await createFundedSeller(server.url, BILLING_DEFAULTS.project_subscription_price + 100);
  const projectId = (await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529' })).body.project_id as number;
  await seller.api.post('/mailing/settings', { bot_token: newBotToken().token });
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
  return (await seller.api.get(`/shop/settings?project_id=${projectId}`)).body.settings.token as string;
}

async function loadProducts(server: RunningServer, token: string, database: string, durationS: number): Promise<Row> {
  const path = `/lk/api/public/shop/${token}/products`;
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: durationS, requests: [{ method: 'GET', path }] });
  return {
    scenario: `GET /lk/api/public/shop/{token}/products (${PRODUCTS} products)`,
    database,
    value: `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, errors ${result.non2xx + result.errors}`,
  };
}

export async function shopBench(postgresUrl: (name: string) => string | undefined, durationS: number): Promise<string> {
  const rows: Row[] = [];
  let lighthouse = '';
  const server = await startServer({ TRUST_PROXY: 'false' });
  try {
    const token = await stockedShop(server);
    rows.push(await loadProducts(server, token, 'PGlite', durationS));
    lighthouse = await runLighthouseBench({
      path: `/shop/${token}`,
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
    const pgServer = await startServer({ TRUST_PROXY: 'false', DATABASE_URL: pg });
    try {
      rows.push(await loadProducts(pgServer, await stockedShop(pgServer), 'PostgreSQL 15', durationS));
    } finally {
      await pgServer.stop();
    }
  }
  return [machineLine(`autocannon ${CONNECTIONS} connections × ${durationS} s per load row.`), '', table(rows), '', lighthouse].join('\n');
}
