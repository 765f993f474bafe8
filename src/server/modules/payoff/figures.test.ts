import { describe, expect, it } from 'vitest';
import { captureRate, rubleBasisText } from '../../../contract/payoff.js';
import {
  captureSeries,
  cohorts,
  liabilityOf,
  monthEnd,
  newShoppers,
  periodOf,
  periodsOf,
  productCapture,
  returnsSeries,
} from './figures.js';

describe('payoff periods', () => {
  it.each([
    ['day', '2026-11-18', '2026-11-18'],
    // 2026-11-18 is a Wednesday: its week began on Monday the 16th, cut at the period's start on the 17th.
    ['week', '2026-11-18', '2026-11-17'],
    ['week', '2026-11-25', '2026-11-23'],
    ['month', '2026-11-18', '2026-11-17'],
    ['month', '2026-12-03', '2026-12-01'],
  ] as const)('a %s bucket of %s starts on %s', (group, day, bucket) => {
    expect(periodOf(day, group, '2026-11-17')).toBe(bucket);
  });

  it('lists each bucket once, in order', () => {
    expect(periodsOf('2026-11-28', '2026-12-02', 'month')).toEqual(['2026-11-28', '2026-12-01']);
    expect(periodsOf('2026-11-28', '2026-11-30', 'day')).toEqual(['2026-11-28', '2026-11-29', '2026-11-30']);
  });

  it.each([
    ['2026-02-10', '2026-02-28'],
    ['2028-02-01', '2028-02-29'],
    ['2026-12-31', '2026-12-31'],
  ])('the month of %s ends on %s', (day, end) => {
    expect(monthEnd(day)).toBe(end);
  });
});

describe('capture rate', () => {
  it.each([
    [3, 10, 2, 3 / 8],
    [0, 5, 0, 0],
    // Nothing sold net: no rate, not an infinite or negative one.
    [2, 0, 0, null],
    [1, 3, 3, null],
    [1, 2, 4, null],
  ])('%s units captured of %s sold and %s returned → %s', (captured, sold, returned, rate) => {
    expect(captureRate(captured, sold, returned)).toBe(rate);
  });

  it('fills every period of each shown marketplace and totals them; other marketplaces are left out', () => {
    const { capture, totals } = captureSeries({
      from: '2026-11-01',
      to: '2026-11-03',
      group: 'day',
      marketplaces: ['wildberries'],
      sales: [
        { day: '2026-11-01', marketplace: 'wildberries', sold: 4, returned: 1 },
        { day: '2026-11-02', marketplace: 'ozon', sold: 9, returned: 0 },
      ],
      receipts: [{ day: '2026-11-01', marketplace: 'wildberries', units: 0.1 + 0.2, receipts: 1 }],
    });
    expect(capture).toEqual([
      {
        period: '2026-11-01',
        marketplace: 'wildberries',
        receipts: 0.3,
        receipt_count: 1,
        units_sold: 4,
        units_returned: 1,
        rate: 0.3 / 3,
      },
      { period: '2026-11-02', marketplace: 'wildberries', receipts: 0, receipt_count: 0, units_sold: 0, units_returned: 0, rate: null },
      { period: '2026-11-03', marketplace: 'wildberries', receipts: 0, receipt_count: 0, units_sold: 0, units_returned: 0, rate: null },
    ]);
    expect(totals).toEqual([
      { marketplace: 'wildberries', receipts: 0.3, receipt_count: 1, units_sold: 4, units_returned: 1, rate: 0.3 / 3 },
    ]);
  });

  it('per product, only equal names count; unmatched items are listed apart, most units first', () => {
    const { products, unmatched } = productCapture(
      [{ marketplace: 'ozon', nameKey: 'овощерезка', name: 'Овощерезка', sold: 4, returned: 0 }],
      [
        { marketplace: 'ozon', nameKey: 'овощерезка', name: 'ОВОЩЕРЕЗКА', units: 1, matched: true },
        // The same name on the other marketplace's receipts is not Ozon's product.
        { marketplace: 'wildberries', nameKey: 'овощерезка', name: 'Овощерезка', units: 2, matched: false },
        { marketplace: 'ozon', nameKey: 'овощерезка borner', name: 'Овощерезка Borner', units: 3, matched: false },
      ],
      10,
    );
    expect(products).toEqual([{ marketplace: 'ozon', name: 'Овощерезка', receipts: 1, units_sold: 4, units_returned: 0, rate: 0.25 }]);
    expect(unmatched).toEqual([
      { marketplace: 'ozon', name: 'Овощерезка Borner', receipts: 3 },
      { marketplace: 'wildberries', name: 'Овощерезка', receipts: 2 },
    ]);
  });
});

describe('repeat cohorts', () => {
  const firstDays = [
    { day: '2026-08-05', shoppers: 3, repeated: [1, 2, 2] as [number, number, number] },
    { day: '2026-08-31', shoppers: 1, repeated: [0, 0, 1] as [number, number, number] },
    { day: '2026-10-02', shoppers: 2, repeated: [1, 1, 1] as [number, number, number] },
  ];

  it('a window is mature once it has passed for the month’s last joiner; until then it has no share', () => {
    // August ends on the 31st: 30 days later is September 30, 60 days October 30, 90 days November 29.
    const [august, october] = cohorts(firstDays, '2026-11-29');
    expect(august).toEqual({
      month: '2026-08',
      shoppers: 4,
      cells: [
        { days: 30, repeated: 1, mature: true, share: 0.25 },
        { days: 60, repeated: 2, mature: true, share: 0.5 },
        { days: 90, repeated: 3, mature: false, share: null },
      ],
    });
    // October ends on the 31st: its 30 days pass on November 30.
    expect(october!.cells.map((cell) => cell.mature)).toEqual([false, false, false]);
    expect(cohorts(firstDays, '2026-11-30')[0]!.cells[2]).toEqual({ days: 90, repeated: 3, mature: true, share: 0.75 });
  });

  it('no shoppers: no cohorts and no new shoppers', () => {
    expect(cohorts([], '2026-11-29')).toEqual([]);
    expect(newShoppers([], '2026-11-01', '2026-11-29')).toBe(0);
    expect(newShoppers(firstDays, '2026-08-06', '2026-10-02')).toBe(3);
  });
});

describe('returns', () => {
  it('puts the marketplace’s returned units beside the points held and cancelled, per period', () => {
    const rows = returnsSeries({
      from: '2026-11-01',
      group: 'month',
      marketplaces: ['wildberries', 'ozon'],
      sales: [
        { day: '2026-11-03', marketplace: 'wildberries', sold: 5, returned: 2 },
        { day: '2026-11-04', marketplace: 'ozon', sold: 5, returned: 0 },
      ],
      points: [{ day: '2026-11-10', marketplace: 'wildberries', pointsHeld: 40, receiptsCancelled: 1, pointsCancelled: 40 }],
    });
    expect(rows).toEqual([
      { period: '2026-11-01', marketplace: 'wildberries', units_returned: 2, points_held: 40, receipts_cancelled: 1, points_cancelled: 40 },
    ]);
  });
});

describe('liability in rubles', () => {
  const row = {
    available: 1_000,
    held: 300,
    expiring: 7,
    exchanges: 0,
    exchangedPoints: 0,
    completed: 0,
    costedExchanges: 0,
    costedPoints: 0,
    costedKopecks: 0,
  };

  it('is at what the handed-out exchanges with a cost have cost per point, to the kopeck', () => {
    // Two prizes: 150 ₽ for 400 points and 100 ₽ for 200 points: 250 ₽ ÷ 600 points.
    const liability = liabilityOf(
      { ...row, exchanges: 3, exchangedPoints: 700, completed: 3, costedExchanges: 2, costedPoints: 600, costedKopecks: 25_000 },
      '2026-12-29',
    );
    expect(liability).toMatchObject({
      ruble_basis: 'exchange_cost',
      costed_rubles: 250,
      point_cost: 250 / 600,
      rubles_available: 416.67,
      rubles_held: 125,
      rubles_expiring: 2.92,
    });
    expect(rubleBasisText(liability)).toBe(
      'Балл обошёлся в 0,42\u00a0₽: 250\u00a0₽ себестоимости призов в 2 выданных обменах ÷ 600 баллов, потраченных на них.',
    );
  });

  it.each([
    ['no exchange handed out', { exchanges: 2, exchangedPoints: 100 }, 'no_exchanges'],
    ['handed-out prizes without a cost', { exchanges: 2, exchangedPoints: 100, completed: 1 }, 'no_prize_cost'],
    ['only free prizes with a cost', { exchanges: 1, completed: 1, costedExchanges: 0 }, 'no_prize_cost'],
  ] as const)('has no rubles with %s, and says why', (_case, change, basis) => {
    const liability = liabilityOf({ ...row, ...change }, '2026-12-29');
    expect(liability).toMatchObject({
      ruble_basis: basis,
      point_cost: null,
      rubles_available: null,
      rubles_held: null,
      rubles_expiring: null,
    });
    expect(rubleBasisText(liability)).toContain('нет данных');
  });
});
