import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS, type LedgerEntry } from '../../src/contract/billing.js';
import { normaliseItemName } from '../../src/contract/item-name.js';
import { messages } from '../../src/contract/messages.js';
import type { PayoffResponse } from '../../src/contract/payoff.js';
import type { Receipt } from '../../src/contract/receipts.js';
import type { Seller } from '../support/api-client.js';
import { backends, type Backend } from '../support/backends.js';
import { advance, clockCall } from '../support/clock.js';
import { createFundedSeller, verifyData } from '../support/operator.js';
import { checkBoughtAt } from '../support/receipts.js';
import { TEST_ADMIN_TOKEN } from '../support/server-process.js';

const WB_SELLER = '072196655529';
const OZON_SELLER = '7717144513';
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const moscowDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });
const moscowDay = (instant: number | string) => moscowDate.format(new Date(instant));
const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const today = moscowDay(Date.now());
/** The instant Moscow's day `daysAgo` days before today begins. */
const moscowMidnight = (daysAgo: number) => Date.parse(`${shiftDay(today, -daysAgo)}T00:00:00+03:00`);
const monthEnd = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
};

// The Wildberries fixture's three items (the seller's, one unit each) and the Ozon fixture's one.
const SHAMPOO = 'Шампунь детский для мытья волос и купания 300мл Aurora Cosmetics';
const NAPPY_CREAM = 'Крем под подгузник детский для новорождённых 100мл Aurora Cosmetics';
const SLICER_PREFIX = 'Овощерезка Borner Классика Germany';

async function createAction(seller: Seller, body: Record<string, unknown>): Promise<number> {
  const created = await seller.api.post('/projects', body);
  if (created.status !== 201) throw new Error(created.text);
  return created.body.project_id;
}

/** Checks a fixture receipt bought at `instant`; answers the accepted receipt's id. */
async function checkAt(url: string, seller: Seller, projectId: number, fixture: string, instant: number, buyer: string): Promise<number> {
  expect(await checkBoughtAt(url, seller, projectId, fixture, instant, buyer)).toBe('success');
  const list = await seller.api.get<{ receipts: Receipt[] }>('/receipts?limit=1');
  return list.body.receipts[0]!.id;
}

interface SaleRow {
  marketplace: 'wildberries' | 'ozon';
  kind: 'sale' | 'return';
  daysAgo: number;
  name: string;
  units: number;
}

/** A connection and its rows as the import stores them (the import itself is tested with it after merging). */
async function insertSales(backend: Backend, userId: number, marketplace: 'wildberries' | 'ozon', rows: SaleRow[]): Promise<void> {
  const query = backend.query!;
  const [connection] = await query<{ id: string }>(
    `INSERT INTO marketplace_connections (user_id, kind, secret, client_id, secret_hint, imported_until)
     VALUES ($1, $2, 'sealed', $3, 'abcd', now()) RETURNING id`,
    [userId, marketplace, marketplace === 'ozon' ? '12345' : null],
  );
  for (const [index, row] of rows.entries()) {
    const at = new Date(moscowMidnight(row.daysAgo) + 12 * HOUR_MS);
    await query(
      `INSERT INTO marketplace_sales (connection_id, user_id, marketplace, external_id, kind, happened_at, moscow_day, product_name, name_key,
                                      units, amount_kopecks, changed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 100000, $6)`,
      [
        connection!.id,
        userId,
        row.marketplace,
        `row-${index}`,
        row.kind,
        at,
        moscowDay(at.getTime()),
        row.name,
        normaliseItemName(row.name),
        row.units,
      ],
    );
  }
}

const WB_ROWS: SaleRow[] = [
  // Another spelling of the receipt's name: the one normalisation matches it.
  { marketplace: 'wildberries', kind: 'sale', daysAgo: 2, name: `  ${SHAMPOO.toUpperCase().replace(' ', '   ')} `, units: 4 },
  { marketplace: 'wildberries', kind: 'return', daysAgo: 1, name: SHAMPOO, units: 1 },
  { marketplace: 'wildberries', kind: 'sale', daysAgo: 5, name: NAPPY_CREAM.replace('ё', 'е'), units: 3 },
  { marketplace: 'wildberries', kind: 'sale', daysAgo: 10, name: 'Мыло детское Aurora Cosmetics', units: 5 },
  // Outside the last 30 days.
  { marketplace: 'wildberries', kind: 'sale', daysAgo: 45, name: SHAMPOO, units: 7 },
];

describe.each(backends())('payoff on $name', (backend) => {
  const url = backend.url;
  let seller: Seller;
  let stranger: Seller;
  let aurora: number;
  let borner: number;
  let receipts: Receipt[];
  let slicer: string;
  const payoff = (query: string, who: Seller = seller) => who.api.get<PayoffResponse>(`/analytics/payoff?${query}`);

  beforeAll(async () => {
    seller = await createFundedSeller(url, 3 * BILLING_DEFAULTS.project_subscription_price + 500);
    stranger = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
    // Aurora holds points 14 days (the marketplaces' return window); Borner's points expire in 20 days.
    aurora = await createAction(seller, { name: 'Aurora', project_inns: WB_SELLER, points_hold_days: 14, receipt_validity_days: 365 });
    borner = await createAction(seller, { name: 'Borner', project_inns: OZON_SELLER, points_lifetime_days: 20 });
    await checkAt(url, seller, aurora, 'wb-aurora-cosmetics', moscowMidnight(2) + HOUR_MS, '901');
    await checkAt(url, seller, aurora, 'wb-aurora-cosmetics', moscowMidnight(5) + HOUR_MS, '902');
    const returned = await checkAt(url, seller, aurora, 'wb-aurora-cosmetics', moscowMidnight(5) + 2 * HOUR_MS, '902');
    await checkAt(url, seller, borner, 'ozon-borner-vegetable-slicer', moscowMidnight(3) + HOUR_MS, '901');
    // Repeat purchases: 903 came back 20 days after joining, 904 never did.
    await checkAt(url, seller, aurora, 'wb-aurora-cosmetics', moscowMidnight(100) + HOUR_MS, '903');
    await checkAt(url, seller, aurora, 'wb-aurora-cosmetics', moscowMidnight(80) + HOUR_MS, '903');
    await checkAt(url, seller, aurora, 'wb-aurora-cosmetics', moscowMidnight(100) + HOUR_MS, '904');
    const cancelled = await seller.api.post(`/receipts/${returned}/cancel`, { reason: 'Возврат на Wildberries' });
    expect(cancelled.status, cancelled.text).toBe(200);
    receipts = (await seller.api.get<{ receipts: Receipt[] }>('/receipts?limit=100')).body.receipts;
    slicer = receipts.find((receipt) => receipt.project_id === borner)!.items[0]!.name;
    expect(slicer.startsWith(SLICER_PREFIX)).toBe(true);

    await insertSales(backend, seller.id, 'wildberries', WB_ROWS);
    await insertSales(backend, seller.id, 'ozon', [{ marketplace: 'ozon', kind: 'sale', daysAgo: 3, name: slicer, units: 4 }]);
    // Another seller's sales of the same goods count for nobody else.
    await insertSales(backend, stranger.id, 'wildberries', [
      { marketplace: 'wildberries', kind: 'sale', daysAgo: 2, name: SHAMPOO, units: 100 },
    ]);
  });

  const dayOf = (receipt: Receipt) => moscowDay(receipt.dateTime ?? receipt.scanned_at);
  const marketplaceOf = (receipt: Receipt) => (receipt.project_id === aurora ? 'wildberries' : 'ozon');
  const inPeriod = (day: string, from: string, to: string) => day >= from && day <= to;

  /** Units of counted items on accepted, uncancelled receipts, from the receipts the test sent. */
  function receiptUnits(from: string, to: string, keep: (receipt: Receipt, item: Receipt['items'][number]) => boolean) {
    return receipts
      .filter((receipt) => receipt.status === 'success' && inPeriod(dayOf(receipt), from, to))
      .flatMap((receipt) => receipt.items.filter((item) => item.status === 'counted' && keep(receipt, item)).map((item) => item.quantity))
      .reduce((sum, units) => sum + units, 0);
  }

  function soldUnits(marketplace: string, kind: 'sale' | 'return', from: string, to: string, name?: string) {
    return [...WB_ROWS, { marketplace: 'ozon', kind: 'sale', daysAgo: 3, name: slicer, units: 4 } as SaleRow]
      .filter((row) => row.marketplace === marketplace && row.kind === kind && inPeriod(shiftDay(today, -row.daysAgo), from, to))
      .filter((row) => name === undefined || normaliseItemName(row.name) === normaliseItemName(name))
      .reduce((sum, row) => sum + row.units, 0);
  }

  it('the capture rate per marketplace and per product equals units on accepted receipts ÷ units sold net', async () => {
    const answer = await payoff('');
    expect(answer.status, answer.text).toBe(200);
    const from = shiftDay(today, -29);
    expect(answer.body.period).toEqual({ from, to: today, group: 'day' });
    expect(answer.body.marketplaces.map(({ marketplace, connected }) => ({ marketplace, connected }))).toEqual([
      { marketplace: 'wildberries', connected: true },
      { marketplace: 'ozon', connected: true },
    ]);
    for (const marketplace of ['wildberries', 'ozon'] as const) {
      const captured = receiptUnits(from, today, (receipt) => marketplaceOf(receipt) === marketplace);
      const sold = soldUnits(marketplace, 'sale', from, today);
      const returned = soldUnits(marketplace, 'return', from, today);
      const total = answer.body.capture_totals.find((row) => row.marketplace === marketplace)!;
      expect(total).toMatchObject({ receipts: captured, units_sold: sold, units_returned: returned });
      expect(total.rate).toBeCloseTo(captured / (sold - returned), 10);
      // The daily rows add up to the totals and cover every day of the period.
      const daily = answer.body.capture.filter((row) => row.marketplace === marketplace);
      expect(daily).toHaveLength(30);
      expect(daily.reduce((sum, row) => sum + row.units_sold, 0)).toBe(sold);
      expect(daily.reduce((sum, row) => sum + row.receipts, 0)).toBe(captured);
    }
    // The cancelled receipt (its purchase returned) is not captured; the day of the two receipts of 902 shows one.
    const fiveDaysAgo = answer.body.capture.find((row) => row.period === shiftDay(today, -5) && row.marketplace === 'wildberries')!;
    expect(fiveDaysAgo).toMatchObject({ receipts: 3, receipt_count: 1, units_sold: 3, units_returned: 0, rate: 1 });
    const noSales = answer.body.capture.find((row) => row.period === shiftDay(today, -20) && row.marketplace === 'ozon')!;
    expect(noSales).toMatchObject({ receipts: 0, units_sold: 0, rate: null });

    // Per product: the shampoo and the nappy cream match the marketplace's names; the body cream has no product there.
    const product = (name: string) => answer.body.products.find((row) => normaliseItemName(row.name) === normaliseItemName(name));
    for (const name of [SHAMPOO, NAPPY_CREAM]) {
      const captured = receiptUnits(
        from,
        today,
        (receipt, item) => marketplaceOf(receipt) === 'wildberries' && normaliseItemName(item.name) === normaliseItemName(name),
      );
      expect(product(name), name).toMatchObject({
        marketplace: 'wildberries',
        receipts: captured,
        units_sold: soldUnits('wildberries', 'sale', from, today, name),
        units_returned: soldUnits('wildberries', 'return', from, today, name),
      });
    }
    expect(product('Мыло детское Aurora Cosmetics')).toMatchObject({ receipts: 0, units_sold: 5, rate: 0 });
    expect(product(slicer)).toMatchObject({ marketplace: 'ozon', receipts: 1, units_sold: 4, rate: 0.25 });
    const bodyCream = receipts[0]!.items.map((item) => item.name).find((name) => ![SHAMPOO, NAPPY_CREAM].includes(name))!;
    expect(answer.body.unmatched).toEqual([
      {
        marketplace: 'wildberries',
        name: bodyCream,
        receipts: receiptUnits(from, today, (receipt, item) => marketplaceOf(receipt) === 'wildberries' && item.name === bodyCream),
      },
    ]);
  });

  it('weeks and months sum the same days; one action narrows the receipts, not the sales', async () => {
    const from = shiftDay(today, -29);
    for (const group of ['week', 'month'] as const) {
      const answer = await payoff(`group=${group}&from=${from}&to=${today}`);
      expect(answer.status).toBe(200);
      const wb = answer.body.capture.filter((row) => row.marketplace === 'wildberries');
      expect(wb[0]!.period).toBe(from);
      expect(wb.reduce((sum, row) => sum + row.units_sold, 0)).toBe(soldUnits('wildberries', 'sale', from, today));
    }
    const ozonOnly = await payoff(`project_id=${borner}`);
    const wb = ozonOnly.body.capture_totals.find((row) => row.marketplace === 'wildberries')!;
    expect(wb).toMatchObject({ receipts: 0, units_sold: soldUnits('wildberries', 'sale', from, today) });
  });

  it('repeat cohorts, returns, liability and cost per shopper equal what the receipts and the ledger say', async () => {
    const from = shiftDay(today, -120);
    const answer = await payoff(`from=${from}&to=${today}&group=month`);
    expect(answer.status, answer.text).toBe(200);

    // Cohorts: each shopper's distinct days with an accepted receipt (a cancel does not undo a visit).
    const days = new Map<string, string[]>();
    for (const receipt of receipts.filter((r) => r.status === 'success' || r.status === 'cancelled')) {
      days.set(receipt.user_id_tg, [...new Set([...(days.get(receipt.user_id_tg) ?? []), dayOf(receipt)])].sort());
    }
    const expected = new Map<string, { shoppers: number; repeated: number[] }>();
    for (const [first, next] of days.values()) {
      const cohort = expected.get(first!.slice(0, 7)) ?? { shoppers: 0, repeated: [0, 0, 0] };
      cohort.shoppers += 1;
      [30, 60, 90].forEach((window, index) => {
        if (next !== undefined && next <= shiftDay(first!, window)) cohort.repeated[index]! += 1;
      });
      expected.set(first!.slice(0, 7), cohort);
    }
    expect(answer.body.cohorts.map((cohort) => cohort.month)).toEqual([...expected.keys()].sort());
    for (const cohort of answer.body.cohorts) {
      const want = expected.get(cohort.month)!;
      expect(cohort.shoppers).toBe(want.shoppers);
      cohort.cells.forEach((cell, index) => {
        const mature = shiftDay(monthEnd(cohort.month), cell.days) < today;
        expect(cell).toEqual({
          days: [30, 60, 90][index],
          repeated: want.repeated[index],
          mature,
          share: mature ? want.repeated[index]! / want.shoppers : null,
        });
      });
    }
    // The current month's cohort is too young for any window.
    expect(answer.body.cohorts.at(-1)!.cells.every((cell) => !cell.mature && cell.share === null)).toBe(true);

    // Returns: the marketplace's returned units; Aurora's recent receipts were all held (14 days), one was cancelled.
    const held = receipts.filter((r) => r.project_id === aurora && inPeriod(dayOf(r), shiftDay(today, -13), today));
    const returns = answer.body.returns.filter((row) => row.marketplace === 'wildberries');
    expect(returns.reduce((sum, row) => sum + row.units_returned, 0)).toBe(soldUnits('wildberries', 'return', from, today));
    expect(returns.reduce((sum, row) => sum + row.points_held, 0)).toBe(held.reduce((sum, r) => sum + r.points_awarded, 0));
    const cancelled = receipts.filter((r) => r.status === 'cancelled');
    expect(returns.reduce((sum, row) => sum + row.receipts_cancelled, 0)).toBe(1);
    expect(returns.reduce((sum, row) => sum + row.points_cancelled, 0)).toBe(cancelled[0]!.points_cancelled);

    // Liability: Borner's points are available and expire in 20 days; Aurora's recent ones are held, its old ones available.
    const points = (keep: (r: Receipt) => boolean) =>
      receipts.filter((r) => r.status === 'success' && keep(r)).reduce((sum, r) => sum + r.points_awarded, 0);
    const recent = (r: Receipt) => dayOf(r) >= shiftDay(today, -13);
    expect(answer.body.liability).toEqual({
      points_available: points((r) => r.project_id === borner || !recent(r)),
      points_held: points((r) => r.project_id === aurora && recent(r)),
      points_expiring: points((r) => r.project_id === borner),
      expiring_until: shiftDay(today, 30),
      exchanges: 0,
      exchanged_points: 0,
      // No exchange handed out: no rubles, never a guessed rate.
      ruble_basis: 'no_exchanges',
      costed_exchanges: 0,
      costed_points: 0,
      costed_rubles: 0,
      point_cost: null,
      rubles_available: null,
      rubles_held: null,
      rubles_expiring: null,
    });

    // Cost per shopper: what the ledger charged in the period ÷ shoppers whose first receipt fell in it.
    const ledger = (await seller.api.get<{ operations: LedgerEntry[] }>('/balance/operations?limit=100')).body.operations;
    const paid = (kinds: string[]) => -ledger.filter((entry) => kinds.includes(entry.kind)).reduce((sum, entry) => sum + entry.amount, 0);
    const newShoppers = [...days.values()].filter(([first]) => first! >= from).length;
    expect(answer.body.cost_per_shopper).toEqual({
      receipt_fees: paid(['receipt_fee']),
      subscriptions: paid(['action_subscription', 'activation']),
      new_shoppers: newShoppers,
      per_shopper: Math.round((paid(['receipt_fee', 'action_subscription', 'activation']) * 100) / newShoppers) / 100,
    });
  });

  it('a seller without marketplaces sees them not connected, and nothing of anyone else’s', async () => {
    const answer = await payoff('', stranger);
    expect(answer.body.marketplaces).toEqual([
      { marketplace: 'wildberries', connected: true, imported_until: expect.any(String) },
      { marketplace: 'ozon', connected: false, imported_until: null },
    ]);
    expect(answer.body.capture_totals).toEqual([
      {
        marketplace: 'wildberries',
        receipts: 0,
        receipt_count: 0,
        units_sold: 100,
        units_returned: 0,
        rate: 0,
        units_ordered: 0,
        units_cancelled: 0,
      },
    ]);
    expect(answer.body.cohorts).toEqual([]);
    expect(answer.body.cost_per_shopper.per_shopper).toBeNull();
  });

  it('bad filters are refused in Russian; another seller’s action is not found', async () => {
    const a = messages.analytics;
    const cases: [string, number, string][] = [
      [`from=${today}&to=${shiftDay(today, -1)}`, 400, a.rangeReversed],
      [`from=${today}`, 400, a.rangeRequired],
      ['from=2026-02-30&to=2026-03-01', 400, a.dateInvalid],
      ['from=2000-01-01&to=2026-01-01', 400, a.rangeTooLong.split('{')[0]!],
      ['group=year', 400, messages.payoff.groupInvalid],
      [`project_id=${aurora}`, 404, messages.actions.notFound],
    ];
    for (const [query, status, message] of cases) {
      const answer = await stranger.api.get<{ message?: string }>(`/analytics/payoff?${query}`);
      expect(answer.status, query).toBe(status);
      expect(answer.body.message ?? answer.text, query).toContain(message);
    }
    expect((await seller.api.get(`/analytics/payoff?user_id=${stranger.id}`)).status).toBe(403);
    expect((await seller.api.get('/analytics/payoff.csv?figure=everything')).body.message).toContain(messages.payoff.figureInvalid);
  });

  it('each figure downloads as its own CSV, in the exports’ dialect', async () => {
    const p = messages.payoff;
    const answer = await seller.api.get(`/analytics/payoff.csv?figure=capture&group=month&from=${shiftDay(today, -29)}&to=${today}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="scanapp-payoff-capture-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse(answer.text, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([
      p.periodColumn,
      p.marketplaceColumn,
      p.receiptUnitsColumn,
      p.receiptCountColumn,
      p.unitsSoldColumn,
      p.unitsReturnedColumn,
      `${p.rateColumn}, %`,
      p.unitsOrderedColumn,
      p.unitsCancelledColumn,
    ]);
    expect(rows.slice(1).map((row) => row[1])).toEqual(expect.arrayContaining([p.wildberries, p.ozon]));
    for (const figure of ['products', 'cohorts', 'returns', 'liability', 'cost']) {
      const file = await seller.api.get(`/analytics/payoff.csv?figure=${figure}`);
      expect(file.status, figure).toBe(200);
      expect((parse(file.text, { bom: true, delimiter: ';' }) as string[][]).length, figure).toBeGreaterThan(1);
    }
    const products = parse((await seller.api.get('/analytics/payoff.csv?figure=products')).text, {
      bom: true,
      delimiter: ';',
    }) as string[][];
    expect(products.some((row) => row.at(-1) === p.unmatchedMark)).toBe(true);
  });

  it('a receipt cancelled after it was counted leaves the capture; the operator rebuild gives the same figures', async () => {
    const from = shiftDay(today, -120);
    const counted = receipts.find((r) => r.status === 'success' && r.project_id === aurora && dayOf(r) === shiftDay(today, -2))!;
    const cancelled = await seller.api.post(`/receipts/${counted.id}/cancel`, { reason: 'Возврат на Wildberries' });
    expect(cancelled.status, cancelled.text).toBe(200);
    receipts = (await seller.api.get<{ receipts: Receipt[] }>('/receipts?limit=100')).body.receipts;
    const queries = ['', `from=${from}&to=${today}&group=month`, `project_id=${aurora}&group=week`];
    const live = await Promise.all(queries.map(async (query) => (await payoff(query)).body));
    const wildberries = live[0]!.capture_totals.find((row) => row.marketplace === 'wildberries')!;
    const isWildberries = (receipt: Receipt) => marketplaceOf(receipt) === 'wildberries';
    expect(wildberries.receipts).toBe(receiptUnits(shiftDay(today, -29), today, isWildberries));
    expect(live[0]!.capture.find((row) => row.period === shiftDay(today, -2) && row.marketplace === 'wildberries')).toMatchObject({
      receipts: 0,
      receipt_count: 0,
    });

    const rebuilt = await fetch(`${url}/lk/api/admin/analytics/rebuild`, {
      method: 'POST',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    });
    expect(rebuilt.status, await rebuilt.text()).toBe(200);
    expect(await Promise.all(queries.map(async (query) => (await payoff(query)).body))).toEqual(live);
  });

  it('admin verify names each sum «Окупаемость» reads that disagrees with its recount, and is clean again once it agrees', async () => {
    expect((await payoff('')).status).toBe(200);
    const query = backend.query!;
    // One row of each maintained table, nudged off and back: [the check that must name it, the nudge of +1 or -1].
    const corruptions: [string, (delta: number) => string][] = [
      [
        'payoff_shopper_firsts_equal_receipts',
        (delta) => `UPDATE analytics_shopper_firsts SET first_day = first_day + ${delta}
                     WHERE (user_id, project_id, buyer_tg_id) = (${seller.id}, ${aurora}, '904')`,
      ],
      // The seller-wide row of a shopper of both actions: its second day is the other action's first.
      [
        'payoff_shopper_firsts_equal_receipts',
        (delta) => `UPDATE analytics_shopper_firsts SET second_day = second_day + ${delta}
                     WHERE (user_id, project_id, buyer_tg_id) = (${seller.id}, 0, '901')`,
      ],
      [
        'payoff_cohort_days_equal_firsts',
        (delta) => `UPDATE analytics_cohort_days SET repeated_90 = repeated_90 + ${delta}
                     WHERE (user_id, project_id) = (${seller.id}, 0) AND first_day = (SELECT min(first_day) FROM analytics_cohort_days WHERE user_id = ${seller.id})`,
      ],
      [
        'payoff_capture_equals_receipts',
        (delta) => `UPDATE analytics_capture SET units = units + ${delta} WHERE (user_id, project_id) = (${seller.id}, ${borner})`,
      ],
      [
        'payoff_capture_items_equal_receipts',
        (delta) => `UPDATE analytics_capture_items SET items = items + ${delta} WHERE (user_id, project_id) = (${seller.id}, ${borner})`,
      ],
      [
        'payoff_marketplace_daily_equals_rows',
        (delta) => `UPDATE marketplace_sales_daily SET sold = sold + ${delta} WHERE (user_id, marketplace) = (${seller.id}, 'ozon')`,
      ],
      // A change row more, and one that takes it back.
      ['payoff_points_totals_equal_buyer_points', (delta) => `INSERT INTO buyer_points_totals VALUES (${borner}, ${delta}, 0)`],
      ['payoff_expiring_days_equal_lots', (delta) => `INSERT INTO points_expiring_days VALUES (${borner}, current_date, ${delta})`],
    ];
    const mine = async () =>
      (await verifyData(url)).violations.filter((violation) => violation.detail.startsWith(`продавец ${seller.id},`)).map((v) => v.check);
    // All at once, in one verify instead of seven: each check must name its own row and nothing else.
    for (const [, nudge] of corruptions) await query(nudge(1));
    try {
      expect((await mine()).sort()).toEqual(corruptions.map(([check]) => check).sort());
    } finally {
      for (const [, nudge] of corruptions) await query(nudge(-1));
    }
    expect(await mine()).toEqual([]);
  });

  // Last: it moves the clock 21 days on (and back) to let the points expire.
  it('the points expiring follow each lot’s award, debit, cancel and expiry; the fold job’s pass changes no figure', async () => {
    const query = backend.query!;
    const borners = receipts.filter((r) => r.project_id === borner && r.status === 'success');
    const liability = async () => (await payoff(`project_id=${borner}`)).body.liability;
    /** The lots' remainders expiring after `now` up to the end of Moscow's day 30 days after its own. */
    const lotsExpiring = async (now: string) => {
      const until = new Date(Date.parse(`${shiftDay(moscowDay(now), 31)}T00:00:00+03:00`));
      const [row] = await query<{ points: string }>(
        `SELECT coalesce(sum(remaining), 0) AS points FROM points_lots
          WHERE project_id = $1 AND remaining > 0 AND expires_at > $2 AND expires_at < $3`,
        [borner, new Date(now), until],
      );
      return Number(row!.points);
    };
    /** Rows of Borner's in the table beyond one per `key` (the changes not folded yet). */
    const unfolded = async (table: string, key: string) =>
      Number(
        (
          await query<{ rows: string }>(`SELECT count(*) - count(DISTINCT ${key}) AS rows FROM ${table} WHERE project_id = $1`, [borner])
        )[0]!.rows,
      );
    const adjust = async (delta: number) => {
      const answer = await seller.api.post('/buyers/901/points', { project_id: borner, delta, reason: 'Бонус' });
      expect(answer.status, answer.text).toBe(200);
    };

    const awarded = borners.reduce((sum, r) => sum + r.points_awarded, 0);
    expect((await liability()).points_expiring).toBe(awarded);
    await adjust(40);
    expect((await liability()).points_expiring).toBe(awarded + 40);
    await adjust(-15);
    expect((await liability()).points_expiring).toBe(awarded + 25);
    const cancelled = await seller.api.post(`/receipts/${borners[0]!.id}/cancel`, { reason: 'Возврат на Ozon' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const beforeFold = await liability();
    expect(beforeFold.points_expiring).toBe(await lotsExpiring(new Date().toISOString()));
    expect(beforeFold.points_expiring).toBeLessThan(awarded + 25);

    // Each change above appended a row (unless the job's own minute came meanwhile); the job's pass
    // folds them into one per action (and day of expiry) and the figures stay.
    await query('SELECT payoff_totals_fold()');
    expect(await unfolded('buyer_points_totals', 'project_id')).toBe(0);
    expect(await unfolded('points_expiring_days', 'expiry_day')).toBe(0);
    expect(await liability()).toEqual(beforeFold);

    // 21 days on, the expiry job has taken the lots: nothing left to expire, nothing available from them.
    try {
      const moved = await advance(url, 21 * 86_400);
      expect(moved.ran).toEqual(expect.arrayContaining(['points-expiry', 'payoff-fold']));
      const expired = await liability();
      expect(expired.points_expiring).toBe(await lotsExpiring(moved.now));
      expect(expired.points_expiring).toBe(0);
      expect(expired.points_available).toBe(beforeFold.points_available - beforeFold.points_expiring);
    } finally {
      await clockCall(url, 'DELETE');
    }
  });
});
