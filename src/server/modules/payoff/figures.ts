import { kopecksToRubles } from '../../../contract/format.js';
import type { IssuingMarketplace } from '../../../contract/marketplace-issuers.js';
import {
  captureRate,
  COHORT_WINDOWS,
  ORDER_MARKETPLACES,
  type PayoffCapture,
  type PayoffCaptureCounts,
  type PayoffCohort,
  type PayoffGroup,
  type PayoffOrderCounts,
  type PayoffLiability,
  type PayoffProduct,
  type PayoffReturns,
  type PayoffUnmatched,
} from '../../../contract/payoff.js';
import { addDays, eachDay, weekBucket } from '../analytics/period.js';
import type {
  FirstDayRow,
  OrdersDayRow,
  LiabilityRow,
  ProductSalesRow,
  ReceiptProductRow,
  ReceiptUnitsDayRow,
  ReturnsDayRow,
  SalesDayRow,
} from './repository.js';

/** The first day of the day's month. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The last day of the day's month. */
export function monthEnd(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The bucket a day falls in: the day, its week's Monday or its month's first day, cut at the period's start. */
export function periodOf(day: string, group: PayoffGroup, from: string): string {
  switch (group) {
    case 'day':
      return day;
    case 'week':
      return weekBucket(day, from);
    case 'month':
      return monthStart(day) < from ? from : monthStart(day);
  }
}

/** Every bucket of the period, in order. */
export function periodsOf(from: string, to: string, group: PayoffGroup): string[] {
  return [...new Set(eachDay(from, to).map((day) => periodOf(day, group, from)))];
}

/** Receipt quantities are numeric(14, 6): sums of them are rounded back to that, not to float noise. */
const units = (value: number) => Math.round(value * 1e6) / 1e6;

interface Counts {
  receipts: number;
  receipt_count: number;
  units_sold: number;
  units_returned: number;
}

const zero = (): Counts => ({ receipts: 0, receipt_count: 0, units_sold: 0, units_returned: 0 });

function withRate<T extends Counts>(counts: T) {
  const captured = units(counts.receipts);
  return { ...counts, receipts: captured, rate: captureRate(captured, counts.units_sold, counts.units_returned) };
}

/**
 * The capture rate per period and marketplace, every period of the range (zeros included, so a
 * chart has no gaps) for each marketplace shown, and the period's totals per marketplace.
 */
export function captureSeries(options: {
  from: string;
  to: string;
  group: PayoffGroup;
  marketplaces: readonly IssuingMarketplace[];
  sales: SalesDayRow[];
  receipts: ReceiptUnitsDayRow[];
}): { capture: Omit<PayoffCapture, keyof PayoffOrderCounts>[]; totals: PayoffCaptureCounts[] } {
  const { from, to, group, marketplaces } = options;
  const cells = new Map<string, Counts>();
  const totals = new Map<IssuingMarketplace, Counts>(marketplaces.map((marketplace) => [marketplace, zero()]));
  const cellOf = (day: string, marketplace: IssuingMarketplace) => {
    const key = `${periodOf(day, group, from)}|${marketplace}`;
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = zero()));
    return cell;
  };
  for (const row of options.sales) {
    const total = totals.get(row.marketplace);
    if (!total) continue;
    const cell = cellOf(row.day, row.marketplace);
    cell.units_sold += row.sold;
    cell.units_returned += row.returned;
    total.units_sold += row.sold;
    total.units_returned += row.returned;
  }
  for (const row of options.receipts) {
    const total = totals.get(row.marketplace);
    if (!total) continue;
    const cell = cellOf(row.day, row.marketplace);
    cell.receipts += row.units;
    cell.receipt_count += row.receipts;
    total.receipts += row.units;
    total.receipt_count += row.receipts;
  }
  const capture = periodsOf(from, to, group).flatMap((period) =>
    marketplaces.map((marketplace) => ({ period, marketplace, ...withRate(cells.get(`${period}|${marketplace}`) ?? zero()) })),
  );
  return { capture, totals: marketplaces.map((marketplace) => ({ marketplace, ...withRate(totals.get(marketplace)!) })) };
}

/**
 * Sets the units ordered and cancelled beside each capture row (a period's, or with no period the
 * totals'), from the orders by day; null for a marketplace whose orders are not read.
 */
export function withOrders<T extends { marketplace: IssuingMarketplace; period?: string }>(
  rows: T[],
  orders: OrdersDayRow[],
  period: { from: string; group: PayoffGroup },
): (T & PayoffOrderCounts)[] {
  const sums = new Map<string, { ordered: number; cancelled: number }>();
  const add = (key: string, row: OrdersDayRow) => {
    const sum = sums.get(key) ?? { ordered: 0, cancelled: 0 };
    sum.ordered += row.ordered;
    sum.cancelled += row.cancelled;
    sums.set(key, sum);
  };
  for (const row of orders) {
    add(`${periodOf(row.day, period.group, period.from)}|${row.marketplace}`, row);
    add(`|${row.marketplace}`, row);
  }
  return rows.map((row) => {
    if (!ORDER_MARKETPLACES.includes(row.marketplace)) return { ...row, units_ordered: null, units_cancelled: null };
    const sum = sums.get(`${row.period ?? ''}|${row.marketplace}`);
    return { ...row, units_ordered: sum?.ordered ?? 0, units_cancelled: sum?.cancelled ?? 0 };
  });
}

/**
 * The capture rate per marketplace product: receipt units whose item name equals the product's
 * (both normalised). Receipt items matching no product the marketplace ever sold are listed
 * apart, never attributed to a similar name.
 */
export function productCapture(
  sales: ProductSalesRow[],
  receipts: ReceiptProductRow[],
  limit: number,
): { products: PayoffProduct[]; unmatched: PayoffUnmatched[] } {
  const receiptUnits = new Map(receipts.map((row) => [`${row.marketplace}|${row.nameKey}`, row.units]));
  const products = sales.map((row) => {
    const captured = units(receiptUnits.get(`${row.marketplace}|${row.nameKey}`) ?? 0);
    return {
      marketplace: row.marketplace,
      name: row.name,
      receipts: captured,
      units_sold: row.sold,
      units_returned: row.returned,
      rate: captureRate(captured, row.sold, row.returned),
    };
  });
  const unmatched = receipts
    .filter((row) => !row.matched)
    .sort((x, y) => y.units - x.units || x.name.localeCompare(y.name))
    .slice(0, limit)
    .map((row) => ({ marketplace: row.marketplace, name: row.name, receipts: units(row.units) }));
  return { products, unmatched };
}

/**
 * Monthly cohorts of shoppers by their first accepted receipt. A window's share is null until it
 * has passed for the month's last joiner (`today` is after the month's end plus the window): an
 * unfinished window would read as a falling repeat rate.
 */
export function cohorts(firstDays: FirstDayRow[], today: string): PayoffCohort[] {
  const months = new Map<string, { shoppers: number; repeated: number[] }>();
  for (const row of firstDays) {
    const month = row.day.slice(0, 7);
    const cohort = months.get(month) ?? { shoppers: 0, repeated: COHORT_WINDOWS.map(() => 0) };
    cohort.shoppers += row.shoppers;
    row.repeated.forEach((count, index) => (cohort.repeated[index]! += count));
    months.set(month, cohort);
  }
  return [...months.entries()]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([month, cohort]) => ({
      month,
      shoppers: cohort.shoppers,
      cells: COHORT_WINDOWS.map((days, index) => {
        const mature = addDays(monthEnd(`${month}-01`), days) < today;
        const repeated = cohort.repeated[index]!;
        return { days, repeated, mature, share: mature && cohort.shoppers > 0 ? repeated / cohort.shoppers : null };
      }),
    }));
}

/** New shoppers of the period: those whose first accepted receipt fell within it. */
export function newShoppers(firstDays: FirstDayRow[], from: string, to: string): number {
  return firstDays.filter((row) => row.day >= from && row.day <= to).reduce((sum, row) => sum + row.shoppers, 0);
}

/** Units returned on each marketplace beside the points held and cancelled for its receipts, per period. */
export function returnsSeries(options: {
  from: string;
  group: PayoffGroup;
  marketplaces: readonly IssuingMarketplace[];
  sales: SalesDayRow[];
  points: ReturnsDayRow[];
}): PayoffReturns[] {
  const { from, group } = options;
  const rows = new Map<string, PayoffReturns>();
  const rowOf = (day: string, marketplace: IssuingMarketplace) => {
    const period = periodOf(day, group, from);
    const key = `${period}|${marketplace}`;
    let row = rows.get(key);
    if (!row) {
      row = { period, marketplace, units_returned: 0, points_held: 0, receipts_cancelled: 0, points_cancelled: 0 };
      rows.set(key, row);
    }
    return row;
  };
  for (const sale of options.sales) {
    if (sale.returned > 0 && options.marketplaces.includes(sale.marketplace))
      rowOf(sale.day, sale.marketplace).units_returned += sale.returned;
  }
  for (const event of options.points) {
    if (!options.marketplaces.includes(event.marketplace)) continue;
    const row = rowOf(event.day, event.marketplace);
    row.points_held += event.pointsHeld;
    row.receipts_cancelled += event.receiptsCancelled;
    row.points_cancelled += event.pointsCancelled;
  }
  return [...rows.values()].sort((x, y) => x.period.localeCompare(y.period) || x.marketplace.localeCompare(y.marketplace));
}

/**
 * The points liability, and in rubles at what a point has cost so far: the ruble cost of the
 * handed-out exchanges whose prize had one, ÷ the points spent on them. Without such an exchange
 * the rubles are null and `ruble_basis` says why; a rate is never guessed.
 */
export function liabilityOf(row: LiabilityRow, expiringUntil: string): PayoffLiability {
  const costed = row.costedPoints > 0;
  const inRubles = (points: number) => (costed ? Math.round((points * row.costedKopecks) / row.costedPoints) / 100 : null);
  return {
    points_available: row.available,
    points_held: row.held,
    points_expiring: row.expiring,
    expiring_until: expiringUntil,
    exchanges: row.exchanges,
    exchanged_points: row.exchangedPoints,
    ruble_basis: costed ? 'exchange_cost' : row.completed === 0 ? 'no_exchanges' : 'no_prize_cost',
    costed_exchanges: row.costedExchanges,
    costed_points: row.costedPoints,
    costed_rubles: kopecksToRubles(row.costedKopecks),
    point_cost: costed ? row.costedKopecks / 100 / row.costedPoints : null,
    rubles_available: inRubles(row.available),
    rubles_held: inRubles(row.held),
    rubles_expiring: inRubles(row.expiring),
  };
}
