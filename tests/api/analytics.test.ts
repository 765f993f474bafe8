import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '../../src/contract/analytics.js';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import type { Receipt } from '../../src/contract/receipts.js';
import { createSeller, type Seller } from '../support/api-client.js';
import { backends, withPostgres } from '../support/backends.js';
import { createFundedSeller, runAdminCli, verifyData } from '../support/operator.js';
import { checkBoughtAt } from '../support/receipts.js';

const WB_SELLER = '072196655529';
const OZON_SELLER = '7717144513';
const FEE = BILLING_DEFAULTS.receipt_price_tier1;
const DAY_MS = 86_400_000;

const moscowDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });
const moscowDay = (instant: number | string) => moscowDate.format(new Date(instant));
const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The instant Moscow's day `daysAgo` days before today begins. */
const moscowMidnight = (daysAgo: number) => Date.parse(`${shiftDay(moscowDay(Date.now()), -daysAgo)}T00:00:00+03:00`);

async function createAction(seller: Seller, name: string, inns: string): Promise<number> {
  const created = await seller.api.post('/projects', { name, project_inns: inns });
  if (created.status !== 201) throw new Error(created.text);
  return created.body.project_id;
}

async function allReceipts(seller: Seller): Promise<Receipt[]> {
  const answer = await seller.api.get('/receipts?limit=100');
  return answer.body.receipts;
}

/** What the raw receipts say about a period — computed independently of the aggregates. */
function expectedFrom(receipts: Receipt[], from: string, to: string, projectId?: number) {
  const dayOf = (receipt: Receipt) => moscowDay(receipt.dateTime ?? receipt.scanned_at);
  const scoped = receipts.filter((receipt) => projectId === undefined || receipt.project_id === projectId);
  const inPeriod = scoped.filter((receipt) => dayOf(receipt) >= from && dayOf(receipt) <= to);
  const successes = inPeriod.filter((receipt) => receipt.status === 'success');
  const successDays = new Map<string, string[]>();
  for (const receipt of scoped.filter((r) => r.status === 'success')) {
    const key = `${receipt.project_id}:${receipt.user_id_tg}`;
    successDays.set(key, [...(successDays.get(key) ?? []), dayOf(receipt)]);
  }
  let newBuyers = 0;
  let returningBuyers = 0;
  for (const days of successDays.values()) {
    const first = days.sort()[0]!;
    const active = days.some((day) => day >= from && day <= to);
    if (first >= from && first <= to) newBuyers += 1;
    else if (active) returningBuyers += 1;
  }
  const counted = successes.flatMap((receipt) => receipt.items.filter((item) => item.status === 'counted'));
  const products = new Map<string, number>();
  for (const item of counted) products.set(item.name.trim(), Math.round(((products.get(item.name.trim()) ?? 0) + item.sum) * 100) / 100);
  return {
    figures: {
      receipts_checked: inPeriod.length,
      receipts_successful: successes.length,
      success_share: inPeriod.length === 0 ? null : successes.length / inPeriod.length,
      points_awarded: successes.reduce((sum, receipt) => sum + receipt.points_awarded, 0),
      points_spent: null,
      counted_sum: Math.round(counted.reduce((sum, item) => sum + item.sum, 0) * 100) / 100,
      new_buyers: newBuyers,
      returning_buyers: returningBuyers,
      spent_on_receipts: successes.length * FEE,
      cost_per_successful_receipt: successes.length === 0 ? null : FEE,
    },
    products: [...products.entries()].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).map(([name, sum]) => ({ name, sum })),
  };
}

describe.each(backends())('analytics on $name', (backend) => {
  const url = backend.url;
  let seller: Seller;
  let aurora: number;
  let borner: number;
  let receipts: Receipt[];
  const today = moscowDay(Date.now());
  const d2 = shiftDay(today, -2);
  const d3 = shiftDay(today, -3);

  const analytics = async (query: string, who: Seller = seller) => who.api.get<AnalyticsResponse>(`/analytics?${query}`);

  beforeAll(async () => {
    seller = await createFundedSeller(url, 3 * BILLING_DEFAULTS.project_subscription_price + 500);
    aurora = await createAction(seller, 'Aurora', WB_SELLER);
    borner = await createAction(seller, 'Borner', OZON_SELLER);
    // A buyer's receipts a second either side of Moscow midnight fall on two days.
    expect(await checkBoughtAt(url, seller, aurora, 'wb-aurora-cosmetics', moscowMidnight(2) - 1000, '901')).toBe('success');
    expect(await checkBoughtAt(url, seller, aurora, 'wb-aurora-cosmetics', moscowMidnight(2), '901')).toBe('success');
    expect(await checkBoughtAt(url, seller, aurora, 'wb-aurora-cosmetics', moscowMidnight(2) + 60_000, '902')).toBe('success');
    // buyer 902's older receipt arrives after the newer one: 902 was new 40 days ago, not 2 days ago.
    expect(await checkBoughtAt(url, seller, aurora, 'wb-aurora-cosmetics', moscowMidnight(40) + 3_600_000, '902')).toBe('success');
    expect(await checkBoughtAt(url, seller, aurora, 'wb-aurora-cosmetics', Date.now() - 70 * DAY_MS, '904')).toBe('too_old');
    expect(await checkBoughtAt(url, seller, borner, 'ozon-borner-vegetable-slicer', moscowMidnight(10) + 7_200_000, '901')).toBe('success');
    const garbage = await seller.api.post('/check', { qrurl: 'это не чек', user_id: seller.id, project_id: aurora, user_id_tg: '903' });
    expect(garbage.body.data.status).toBe('not_recognized');
    receipts = await allReceipts(seller);
    expect(receipts).toHaveLength(7);
  });

  it('figures equal what the raw receipts say, for every period and action', async () => {
    const periods: [string, string, string][] = [
      ['period=7', shiftDay(today, -6), today],
      ['period=30', shiftDay(today, -29), today],
      ['period=90', shiftDay(today, -89), today],
      ['period=all', '', today],
      [`period=range&from=${d3}&to=${d3}`, d3, d3],
      [`period=range&from=${d2}&to=${today}`, d2, today],
    ];
    for (const [query, periodFrom, to] of periods) {
      for (const projectId of [undefined, aurora, borner]) {
        // "All time" starts at the first day with data of the chosen action(s).
        const from =
          periodFrom ||
          receipts
            .filter((r) => !projectId || r.project_id === projectId)
            .map((r) => moscowDay(r.dateTime ?? r.scanned_at))
            .sort()[0]!;
        const answer = await analytics(`${query}${projectId ? `&project_id=${projectId}` : ''}`);
        expect(answer.status, query).toBe(200);
        const expected = expectedFrom(receipts, from, to, projectId);
        expect(answer.body.period, query).toMatchObject({ from, to });
        expect(answer.body.figures, `${query} project ${projectId}`).toEqual(expected.figures);
        expect(
          answer.body.top_products.map(({ name, sum }) => ({ name, sum })),
          query,
        ).toEqual(expected.products.slice(0, 10));
        const series = answer.body.daily;
        expect(series[0]!.day).toBe(from);
        expect(series.at(-1)!.day).toBe(to);
        expect(series.reduce((sum, day) => sum + day.successful + Object.values(day.refused).reduce((a, b) => a + b, 0), 0)).toBe(
          expected.figures.receipts_checked,
        );
        const weeks = answer.body.weekly_buyers;
        expect(weeks.reduce((sum, week) => sum + week.new_buyers, 0)).toBe(expected.figures.new_buyers);
      }
    }
  });

  it('a second either side of Moscow midnight counts on two different days', async () => {
    const before = (await analytics(`period=range&from=${d3}&to=${d3}&project_id=${aurora}`)).body;
    expect(before.figures).toMatchObject({ receipts_successful: 1, new_buyers: 1, returning_buyers: 0 });
    const after = (await analytics(`period=range&from=${d2}&to=${d2}&project_id=${aurora}`)).body;
    expect(after.figures).toMatchObject({ receipts_successful: 2, new_buyers: 0, returning_buyers: 2 });
    expect(after.daily).toEqual([
      { day: d2, successful: 2, refused: {}, counted_sum: expect.any(Number), points_awarded: expect.any(Number), points_spent: null },
    ]);
  });

  it('refusals are stacked by status on their day; deleted actions stay, marked', async () => {
    const week = (await analytics('period=7')).body;
    expect(week.daily.at(-1)!.refused).toEqual({ not_recognized: 1 });
    const all = (await analytics('period=all')).body;
    expect(all.daily[0]!.refused).toEqual({ too_old: 1 });
    expect(all.points_spent_available).toBe(false);

    const doomed = await createAction(seller, 'Temporary', WB_SELLER);
    await checkBoughtAt(url, seller, doomed, 'wb-aurora-cosmetics', Date.now() - DAY_MS, '909');
    expect((await seller.api.request('DELETE', `/projects/${doomed}?user_id=${seller.id}`)).status).toBe(200);
    const afterDeletion = (await analytics(`period=7&project_id=${doomed}`)).body;
    expect(afterDeletion.figures.receipts_successful).toBe(1);
    expect(afterDeletion.actions.find((action) => action.id === doomed)).toEqual({ id: doomed, name: 'Temporary', deleted: true });
    receipts = await allReceipts(seller);
  });

  it('the operator rebuild recomputes exactly the live aggregates', async () => {
    const queries = ['period=all', 'period=7', `period=all&project_id=${aurora}`, `period=range&from=${d3}&to=${d2}`];
    const live = await Promise.all(queries.map(async (query) => (await analytics(query)).body));
    const rebuilt = await runAdminCli(url, ['analytics:rebuild']);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toContain(messages.analytics.rebuilt);
    const after = await Promise.all(queries.map(async (query) => (await analytics(query)).body));
    expect(after).toEqual(live);
  });

  it("a buyer's older receipt, checked after the newer one was counted, moves the new-buyer day back", async () => {
    const own = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 200);
    const action = await createAction(own, 'Порядок', WB_SELLER);
    const figures = async (query: string) => (await analytics(`${query}&project_id=${action}`, own)).body.figures;
    await checkBoughtAt(url, own, action, 'wb-aurora-cosmetics', moscowMidnight(2) + 3_600_000, '951');
    // Read (so counted) before the older receipt arrives: the two are counted in different batches.
    expect(await figures('period=7')).toMatchObject({ receipts_successful: 1, new_buyers: 1, returning_buyers: 0 });
    await checkBoughtAt(url, own, action, 'wb-aurora-cosmetics', moscowMidnight(20) + 3_600_000, '951');
    await checkBoughtAt(url, own, action, 'wb-aurora-cosmetics', moscowMidnight(10) + 3_600_000, '951');
    const ownReceipts = await allReceipts(own);
    for (const [query, from] of [
      ['period=7', shiftDay(today, -6)],
      ['period=30', shiftDay(today, -29)],
      [`period=range&from=${shiftDay(today, -10)}&to=${today}`, shiftDay(today, -10)],
    ] as const) {
      expect(await figures(query), query).toEqual(expectedFrom(ownReceipts, from, today, action).figures);
    }
    expect(await figures('period=7')).toMatchObject({ new_buyers: 0, returning_buyers: 1 });
    // The two older days came in one batch, both before the first day counted: the shopper's first two
    // days and the repeat cohorts are kept for the batch at once, and still equal what the receipts say.
    const disagreeing = (await verifyData(url)).violations.filter((violation) => violation.detail.startsWith(`продавец ${own.id},`));
    expect(disagreeing).toEqual([]);
  });

  it('checked receipts are counted in the background too, without a read (PostgreSQL)', async ({ skip }) => {
    if (!backend.clusterUrl) skip();
    const own = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 200);
    const action = await createAction(own, 'Фон', WB_SELLER);
    await checkBoughtAt(url, own, action, 'wb-aurora-cosmetics', Date.now() - 3_600_000, '961');
    const counted = async () =>
      withPostgres(
        backend,
        async (db) =>
          (await db.query('SELECT coalesce(sum(receipts), 0)::int AS n FROM analytics_daily WHERE project_id = $1', [action])).rows[0]
            .n as number,
      );
    await expect.poll(counted, { timeout: 15_000, interval: 250 }).toBe(1);
    const queued = await withPostgres(
      backend,
      async (db) =>
        (
          await db.query(
            'SELECT count(*)::int AS n FROM analytics_pending p JOIN receipts r ON r.id = p.receipt_id WHERE r.project_id = $1',
            [action],
          )
        ).rows[0].n,
    );
    expect(queued).toBe(0);
  });

  it('a seller sees only their own analytics', async () => {
    const other = await createSeller(url);
    const answer = await analytics('period=all', other);
    expect(answer.status).toBe(200);
    expect(answer.body.figures.receipts_checked).toBe(0);
    expect(answer.body.actions).toEqual([]);
    expect((await analytics(`period=all&project_id=${aurora}`, other)).status).toBe(404);
    expect((await analytics(`period=all&user_id=${seller.id}`, other)).status).toBe(403);
    expect((await other.api.get('/analytics', { token: null })).status).toBe(401);
  });

  it('bad filters get a Russian 400', async () => {
    const cases: [string, string][] = [
      ['period=14', messages.analytics.periodInvalid],
      ['period=range&from=2026-01-01', messages.analytics.rangeRequired],
      ['period=range&from=2026-02-01&to=2026-01-01', messages.analytics.rangeReversed],
      ['period=range&from=2026-02-30&to=2026-03-01', messages.analytics.dateInvalid],
    ];
    for (const [query, message] of cases) {
      const answer = await analytics(query);
      expect(answer.status, query).toBe(400);
      expect(answer.text, query).toContain(message);
    }
  });
});
