import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import type { MarketplaceConnection } from '../../src/contract/marketplaces.js';
import type { PayoffResponse } from '../../src/contract/payoff.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { ApiClient, createSeller, type Seller } from '../support/api-client.js';
import { backends, withPostgres, type Backend } from '../support/backends.js';
import { advance, clockCall } from '../support/clock.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { startServer } from '../support/server-process.js';
import { eventually } from '../support/telegram.js';

const m = messages.marketplaces;
const WB_TOKEN = 'demo-wb-token';
const MINUTE = 60;
const DAY_MS = 86_400_000;
/** The seller INN of the Wildberries receipt fixture's own items. */
const WB_FIXTURE_SELLER = '072196655529';
const moscowDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });
const moscowDay = (instant: number) => moscowDate.format(new Date(instant));

async function wildberriesControl(url: string, body: object): Promise<void> {
  const response = await fetch(`${url}/__emulators/wildberries/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function wildberriesRows(url: string): Promise<{ saleID: string; date: string }[]> {
  return ((await (await fetch(`${url}/__emulators/wildberries/control/sales`)).json()) as { sales: { saleID: string; date: string }[] })
    .sales;
}

interface WildberriesOrder {
  date: string;
  isCancel: boolean;
  srid: string;
}

async function wildberriesOrders(url: string): Promise<WildberriesOrder[]> {
  return ((await (await fetch(`${url}/__emulators/wildberries/control/orders`)).json()) as { orders: WildberriesOrder[] }).orders;
}

/** Units of the demo orders placed within the Moscow days `from`..`to`: those that stand, and those cancelled. */
async function orderUnits(url: string, from: string, to: string): Promise<{ units_ordered: number; units_cancelled: number }> {
  const placed = (await wildberriesOrders(url)).filter((order) => order.date.slice(0, 10) >= from && order.date.slice(0, 10) <= to);
  return {
    units_ordered: placed.filter((order) => !order.isCancel).length,
    units_cancelled: placed.filter((order) => order.isCancel).length,
  };
}

/** The last 30 Moscow days of the demo clock, as the payoff's default period. */
async function lastThirtyDays(url: string): Promise<{ from: string; today: string }> {
  const today = moscowDay(Date.parse((await clockCall(url, 'GET')).body.now as string));
  return { from: moscowDay(Date.parse(`${today}T12:00:00+03:00`) - 29 * DAY_MS), today };
}

async function connection(seller: Seller, id: number) {
  const answer = await seller.api.get(`/marketplaces?user_id=${seller.id}`);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body.marketplaces as MarketplaceConnection[]).find((entry) => entry.id === id);
}

/** Every text and jsonb column of every table (what a dump holds) that contains `secret`. */
async function columnsHolding(backend: Backend, secret: string): Promise<string[]> {
  return withPostgres(backend, async (client) => {
    const columns = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('text', 'jsonb', 'json', 'character varying')`,
    );
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns.rows) {
      const hit = await client.query(`SELECT 1 FROM "${table}" WHERE "${column}"::text LIKE $1 LIMIT 1`, [`%${secret}%`]);
      if (hit.rowCount) found.push(`${table}.${column}`);
    }
    return found;
  });
}

async function ozonControl(url: string, body: object): Promise<void> {
  const response = await fetch(`${url}/__emulators/ozon/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

interface OzonPostingRow {
  status: string;
  in_process_at: string;
  products: { quantity: number }[];
}
interface OzonReturnRow {
  type: string;
  product: { quantity: number };
  logistic: { return_date: string | null };
}

/**
 * What the demo Ozon account holds now: the postings not cancelled (a row per product) and the
 * returns that are units given back (a buyer's return or a partial refusal; a cancellation is its
 * cancelled posting's), a row each.
 */
async function ozonAccount(url: string): Promise<{ postings: OzonPostingRow[]; returns: OzonReturnRow[]; rows: number }> {
  const read = async <T>(what: string) => (await (await fetch(`${url}/__emulators/ozon/control/${what}`)).json()) as T;
  const postings = (await read<{ postings: OzonPostingRow[] }>('postings')).postings.filter((posting) => posting.status !== 'cancelled');
  const returns = (await read<{ returns: OzonReturnRow[] }>('returns')).returns.filter(
    (entry) => ['ClientReturn', 'PartialReturn'].includes(entry.type) && entry.logistic.return_date !== null,
  );
  return { postings, returns, rows: postings.reduce((sum, posting) => sum + posting.products.length, 0) + returns.length };
}

/** Waits until the connection's import reaches `status` (its job runs on the queue). */
const until = (seller: Seller, id: number, check: (state: NonNullable<Awaited<ReturnType<typeof connection>>>) => boolean) =>
  eventually(
    async () => {
      const state = await connection(seller, id);
      return state && check(state) ? state : undefined;
    },
    30_000,
    `connection ${id}`,
  );

describe.each(backends())('marketplaces on $name', (backend) => {
  const url = backend.url;

  it('a key the marketplace refuses, a token of another category and a malformed request are refused in Russian, and nothing is stored', async () => {
    const seller = await createSeller(url);
    const cases: [object, number, string][] = [
      [{ kind: 'wildberries', token: 'wrong-token' }, 400, m.wildberriesTokenRefused],
      [{ kind: 'wildberries', token: 'demo-wb-content-token' }, 400, m.wildberriesNoStatistics],
      [{ kind: 'wildberries', token: 'two words' }, 400, m.wildberriesTokenInvalid],
      [{ kind: 'wildberries' }, 400, m.wildberriesTokenInvalid],
      [{ kind: 'amazon', token: WB_TOKEN }, 400, m.kindInvalid],
      [{ kind: 'ozon', client_id: 'demo-ozon-client', api_key: 'wrong-key' }, 400, m.ozonKeyRefused],
      [{ kind: 'ozon', client_id: 'demo-ozon-client', api_key: 'demo-ozon-key-no-role' }, 400, m.ozonNoAccess],
      [{ kind: 'ozon', client_id: 'demo-ozon-client' }, 400, m.ozonApiKeyInvalid],
      [{ kind: 'ozon', client_id: '', api_key: 'demo-ozon-key' }, 400, m.ozonClientIdInvalid],
    ];
    for (const [body, status, message] of cases) {
      const answer = await seller.api.post('/marketplaces', { user_id: seller.id, ...body });
      expect([answer.status, answer.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect((await seller.api.get(`/marketplaces?user_id=${seller.id}`)).body).toEqual({ marketplaces: [] });
  });

  it(
    'imports every sale, return and order once through a rate limit, an order cancelled later is stored cancelled, a re-run stores nothing new, and the token is never stored in the clear',
    { timeout: 60_000 },
    async () => {
      const seller = await createSeller(url);
      const other = await createSeller(url);
      // Another seller's recent call must not hold this one's first call back.
      await advance(url, MINUTE + 1);
      const connected = await seller.api.post('/marketplaces', { user_id: seller.id, kind: 'wildberries', token: WB_TOKEN });
      expect(connected.status, connected.text).toBe(201);
      expect(connected.body).toMatchObject({ kind: 'wildberries', secret_hint: 'oken', import_status: 'queued', imported_until: null });
      expect(connected.text).not.toContain(WB_TOKEN);
      const id = connected.body.id as number;

      const second = await seller.api.post('/marketplaces', { user_id: seller.id, kind: 'wildberries', token: WB_TOKEN });
      expect([second.status, second.body.message]).toEqual([409, fillMessage(m.alreadyConnected, { marketplace: 'Wildberries' })]);
      // Another seller neither sees nor removes nor refreshes it.
      expect((await other.api.get(`/marketplaces?user_id=${other.id}`)).body).toEqual({ marketplaces: [] });
      expect((await other.api.request('DELETE', `/marketplaces/${id}?user_id=${other.id}`)).status).toBe(404);
      expect((await other.api.post(`/marketplaces/${id}/import`, { user_id: other.id })).status).toBe(404);

      // The first page, then the one-call-a-minute wait before the next.
      const rows = await wildberriesRows(url);
      expect(rows.some((row) => row.saleID.startsWith('R'))).toBe(true);
      const first = await until(seller, id, (state) => state.import_status === 'waiting');
      expect(first.rows_stored).toBe(rows.length);

      // A standing order is cancelled on the marketplace: it changes, so the orders report brings it again.
      const standing = (await wildberriesOrders(url)).find((order) => !order.isCancel)!;
      await wildberriesControl(url, { cancel_orders: [standing.srid] });

      // The next call meets a 429: the import waits as told; then the sales bring nothing new, the orders the cancelled one.
      // Each step is told apart by its new wait: the clock's move only queues it, it runs after.
      await wildberriesControl(url, { fail_next: { status: 429, times: 1 } });
      await advance(url, MINUTE + 1);
      const nextWait = (after: { import_not_before: string | null }) =>
        until(seller, id, (state) => state.import_status === 'waiting' && state.import_not_before !== after.import_not_before);
      const limited = await nextWait(first);
      expect(limited.import_error).toBeNull();
      await advance(url, MINUTE + 1);
      await nextWait(limited);
      await advance(url, MINUTE + 1);
      const done = await until(seller, id, (state) => state.import_status === 'idle');
      expect(done).toMatchObject({ rows_stored: rows.length, import_error: null });
      expect(done.imported_until).not.toBeNull();
      const { from, today } = await lastThirtyDays(url);
      const payoff = await seller.api.get(`/analytics/payoff?from=${from}&to=${today}&group=month`);
      const orders = await orderUnits(url, from, today);
      expect(orders.units_cancelled).toBeGreaterThan(0);
      expect((payoff.body as PayoffResponse).capture_totals.find((row) => row.marketplace === 'wildberries')).toMatchObject(orders);

      // «Обновить сейчас» again: the same rows come back and nothing new is stored.
      await advance(url, MINUTE + 1);
      const again = await seller.api.post(`/marketplaces/${id}/import`, { user_id: seller.id });
      expect(again.status, again.text).toBe(202);
      expect(['queued', 'running', 'idle']).toContain(again.body.import_status);
      expect(await until(seller, id, (state) => state.import_status === 'idle')).toMatchObject({ rows_stored: rows.length });

      if (backend.databaseUrl) {
        await withPostgres(backend, async (client) => {
          const kinds = await client.query<{ kind: string; count: number }>(
            'SELECT kind, count(*)::int AS count FROM marketplace_sales WHERE connection_id = $1 GROUP BY kind ORDER BY kind',
            [id],
          );
          expect(kinds.rows).toEqual([
            { kind: 'return', count: rows.filter((row) => row.saleID.startsWith('R')).length },
            { kind: 'sale', count: rows.filter((row) => row.saleID.startsWith('S')).length },
          ]);
        });
      }

      const removed = await seller.api.request('DELETE', `/marketplaces/${id}?user_id=${seller.id}`);
      expect([removed.status, removed.body.message]).toEqual([200, m.removed]);
      expect((await seller.api.get(`/marketplaces?user_id=${seller.id}`)).body).toEqual({ marketplaces: [] });
    },
  );

  it(
    'the capture rate of an imported Wildberries account is the units of the seller’s items on accepted receipts over the units sold less those returned',
    { timeout: 60_000 },
    async () => {
      const seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
      const created = await seller.api.post('/projects', { name: 'Окупаемость', project_inns: WB_FIXTURE_SELLER });
      expect(created.status, created.text).toBe(201);
      const projectId = created.body.project_id as number;
      // Two receipts issued by Wildberries, each with the fixture's three items of the seller, one unit each.
      for (const buyer of ['7001', '7002']) {
        const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
        const checked = await seller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: buyer });
        expect(checked.body.data?.status, checked.text).toBe('success');
      }

      await advance(url, MINUTE + 1);
      const connected = await seller.api.post('/marketplaces', { user_id: seller.id, kind: 'wildberries', token: WB_TOKEN });
      expect(connected.status, connected.text).toBe(201);
      const id = connected.body.id as number;
      await until(seller, id, (state) => state.import_status === 'waiting');
      await advance(url, MINUTE + 1);
      await until(seller, id, (state) => state.import_status === 'idle');

      // The figure, computed here from what the emulator holds: every demo row is one unit, and so is every order.
      const today = moscowDay(Date.parse((await clockCall(url, 'GET')).body.now as string));
      const from = moscowDay(Date.parse(`${today}T12:00:00+03:00`) - 40 * DAY_MS);
      const inPeriod = (await wildberriesRows(url)).filter((row) => {
        const day = row.date.slice(0, 10);
        return day >= from && day <= today;
      });
      const sold = inPeriod.filter((row) => row.saleID.startsWith('S')).length;
      const returned = inPeriod.filter((row) => row.saleID.startsWith('R')).length;
      expect(sold - returned).toBeGreaterThan(0);

      const payoff = await seller.api.get(`/analytics/payoff?project_id=${projectId}&from=${from}&to=${today}&group=month`);
      expect(payoff.status, payoff.text).toBe(200);
      const totals = (payoff.body as PayoffResponse).capture_totals.find((row) => row.marketplace === 'wildberries');
      expect(totals).toEqual({
        marketplace: 'wildberries',
        receipts: 6,
        receipt_count: 2,
        units_sold: sold,
        units_returned: returned,
        rate: expect.closeTo(6 / (sold - returned), 6),
        ...(await orderUnits(url, from, today)),
      });
      expect((payoff.body as PayoffResponse).marketplaces).toContainEqual(
        expect.objectContaining({ marketplace: 'wildberries', connected: true, imported_until: expect.any(String) }),
      );
    },
  );

  it(
    'imports Ozon postings without the cancelled ones and the returns given back, waits on a 429, and a re-run stores nothing new; the payoff counts them',
    { timeout: 60_000 },
    async () => {
      const seller = await createSeller(url);
      const ozon = { user_id: seller.id, kind: 'ozon', client_id: 'demo-ozon-client', api_key: 'demo-ozon-key' };
      // The check call meets the rate limit: refused, to be tried again.
      await ozonControl(url, { fail_next: { status: 429, times: 1 } });
      const limited = await seller.api.post('/marketplaces', ozon);
      expect([limited.status, limited.body.message]).toEqual([429, fillMessage(m.checkRateLimited, { marketplace: 'Ozon' })]);

      const connected = await seller.api.post('/marketplaces', ozon);
      expect(connected.status, connected.text).toBe(201);
      expect(connected.body).toMatchObject({ kind: 'ozon', secret_hint: '-key' });
      const id = connected.body.id as number;
      const account = await ozonAccount(url);
      expect(account.returns.length).toBeGreaterThan(0);
      expect(await until(seller, id, (state) => state.import_status === 'idle')).toMatchObject({
        rows_stored: account.rows,
        import_error: null,
      });

      // The re-run's returns call meets the rate limit after its postings: it waits, then reads the returns once more.
      await ozonControl(url, { fail_next: { status: 429, times: 1, method: 'returns' } });
      expect((await seller.api.post(`/marketplaces/${id}/import`, { user_id: seller.id })).status).toBe(202);
      await until(seller, id, (state) => state.import_status === 'waiting');
      await advance(url, MINUTE + 1);
      expect(await until(seller, id, (state) => state.import_status === 'idle')).toMatchObject({
        rows_stored: account.rows,
        import_error: null,
      });

      // «Окупаемость»: Ozon's units sold and returned are the emulator's, by the Moscow days they happened.
      const { from, today } = await lastThirtyDays(url);
      const inPeriod = (instant: string) => moscowDay(Date.parse(instant)) >= from && moscowDay(Date.parse(instant)) <= today;
      const payoff = await seller.api.get(`/analytics/payoff?from=${from}&to=${today}&group=month`);
      expect(payoff.status, payoff.text).toBe(200);
      expect((payoff.body as PayoffResponse).capture_totals.find((row) => row.marketplace === 'ozon')).toMatchObject({
        units_ordered: null,
        units_sold: account.postings
          .filter((posting) => inPeriod(posting.in_process_at))
          .flatMap((posting) => posting.products)
          .reduce((sum, product) => sum + product.quantity, 0),
        units_returned: account.returns
          .filter((entry) => inPeriod(entry.logistic.return_date!))
          .reduce((sum, entry) => sum + entry.product.quantity, 0),
      });

      if (backend.databaseUrl) {
        expect(await columnsHolding(backend, 'demo-ozon-key')).toEqual([]);
        expect(await columnsHolding(backend, 'demo-ozon-client')).toEqual([]);
      }
    },
  );

  // Two server processes one after the other (≈ 50 s): once per run, on PostgreSQL when the run has it.
  it.runIf(backend.name === backends().at(-1)!.name)(
    'imports stopped between pages by a failure and a restart resume from their cursors and store each row once',
    { timeout: 180_000 },
    async () => {
      const dataDir = backend.clusterUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), 'scanapp-marketplaces-'));
      const env: Record<string, string> = backend.clusterUrl
        ? { DATABASE_URL: createDatabase(backend.clusterUrl, `scanapp_marketplaces_${Date.now()}`) }
        : {};
      const options = dataDir ? { keepDataDir: dataDir } : {};
      const first = await startServer(env, options);
      let second: Awaited<ReturnType<typeof startServer>> | undefined;
      try {
        const seller = await createSeller(first.url);
        await wildberriesControl(first.url, { page_rows: 5 });
        const connected = await seller.api.post('/marketplaces', { user_id: seller.id, kind: 'wildberries', token: WB_TOKEN });
        expect(connected.status, connected.text).toBe(201);
        const id = connected.body.id as number;
        // Ozon's pass stores its postings, then its returns call fails: the cursor stays at the returns.
        await ozonControl(first.url, { fail_next: { status: 503, times: 1, method: 'returns' } });
        const ozon = await seller.api.post('/marketplaces', {
          user_id: seller.id,
          kind: 'ozon',
          client_id: 'demo-ozon-client',
          api_key: 'demo-ozon-key',
        });
        expect(ozon.status, ozon.text).toBe(201);
        const ozonId = ozon.body.id as number;
        const ozonBefore = await ozonAccount(first.url);
        expect(await until(seller, ozonId, (state) => state.import_error !== null)).toMatchObject({
          import_status: 'waiting',
          rows_stored: ozonBefore.rows - ozonBefore.returns.length,
        });
        await until(seller, id, (state) => state.import_status === 'waiting' && state.rows_stored === 5);
        // The second page fails on the marketplace's side; the first page's rows and cursor stay committed.
        await wildberriesControl(first.url, { fail_next: { status: 503, times: 1 } });
        await advance(first.url, MINUTE + 1);
        const failed = await until(seller, id, (state) => state.import_error !== null);
        expect(failed).toMatchObject({
          import_status: 'waiting',
          rows_stored: 5,
          import_error: fillMessage(m.importTemporary, { marketplace: 'Wildberries' }),
        });
        await first.stop();

        second = await startServer(env, options);
        const again: Seller = { ...seller, api: new ApiClient(second.url, undefined, seller.api.token) };
        const rows = await wildberriesRows(second.url);
        await advance(second.url, 10 * MINUTE);
        await until(again, id, (state) => state.import_status === 'waiting' && state.rows_stored === rows.length);
        await advance(second.url, 10 * MINUTE);
        expect(await until(again, id, (state) => state.import_status === 'idle')).toMatchObject({
          rows_stored: rows.length,
          import_error: null,
        });
        // Ozon went on from its returns: each return stored once, beside the postings stored before the restart.
        expect(await until(again, ozonId, (state) => state.import_status === 'idle')).toMatchObject({
          rows_stored: (await ozonAccount(second.url)).rows,
          import_error: null,
        });
      } finally {
        await first.stop();
        await second?.stop();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
