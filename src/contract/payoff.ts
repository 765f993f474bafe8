import { z } from './zod-setup.js';
import { calendarDaySchema, checkDayRange } from './analytics.js';
import { userIdSchema } from './auth.js';
import { formatCount, formatPoints, formatRubles } from './format.js';
import { MARKETPLACES, type Marketplace } from './marketplace-link.js';
import { fillMessage, messages } from './messages.js';

const p = messages.payoff;

/** «Окупаемость»: how a seller's marketplace sales compare with the receipts ScanApp accepted. */
export const PAYOFF_GROUPS = ['day', 'week', 'month'] as const;
export type PayoffGroup = (typeof PAYOFF_GROUPS)[number];

/** A cohort's repeat windows: another accepted receipt within this many days of the first. */
export const COHORT_WINDOWS = [30, 60, 90] as const;

/** The liability's horizon: points that expire within this many days from today. */
export const EXPIRING_WITHIN_DAYS = 30;

/** Units captured ÷ units sold net; null when nothing was sold net (a rate of nothing means nothing). */
export function captureRate(receiptUnits: number, sold: number, returned: number): number | null {
  const net = sold - returned;
  return net > 0 ? receiptUnits / net : null;
}

/** Without `from`/`to` the figures cover the last 30 Moscow days, today included. */
export const PAYOFF_DEFAULT_DAYS = 30;

/** The per-product lists are the largest sellers' catalogues' top: the CSV and the screen show this many. */
export const PAYOFF_PRODUCTS_LIMIT = 50;

export const marketplaceSchema = z.enum(MARKETPLACES);

export const payoffQuerySchema = z
  .object({
    user_id: userIdSchema.optional(),
    project_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    group: z.enum(PAYOFF_GROUPS, { error: p.groupInvalid }).default('day'),
  })
  .superRefine((query, context) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      context.addIssue({ code: 'custom', message: messages.analytics.rangeRequired, path: ['from'] });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    checkDayRange({ from: query.from, to: query.to }, context);
  });
export type PayoffQuery = z.infer<typeof payoffQuerySchema>;

/** The figures a CSV holds, one file each (`GET /analytics/payoff.csv?figure=`). */
export const PAYOFF_FIGURES = ['capture', 'products', 'cohorts', 'returns', 'liability', 'cost'] as const;
export type PayoffFigure = (typeof PAYOFF_FIGURES)[number];

export const payoffCsvQuerySchema = payoffQuerySchema.and(z.object({ figure: z.enum(PAYOFF_FIGURES, { error: p.figureInvalid }) }));

export const PAYOFF_PATHS = { report: '/analytics/payoff', csv: '/analytics/payoff.csv' } as const;

/** What the seller has connected, so every figure can say «не подключён» or «ещё не загружено» plainly. */
export const payoffMarketplaceSchema = z.object({
  marketplace: marketplaceSchema,
  connected: z.boolean(),
  /** Every marketplace row changed up to this moment is stored; null: nothing imported yet. */
  imported_until: z.string().nullable(),
});

/** The counts beside a rate: `receipts` are units of the seller's items on accepted receipts, not receipts. */
const captureCountsSchema = z.object({
  marketplace: marketplaceSchema,
  /** Units (quantities) of the seller's counted items on accepted receipts the marketplace issued. */
  receipts: z.number(),
  /** How many accepted receipts those units came on. */
  receipt_count: z.number().int(),
  units_sold: z.number().int(),
  units_returned: z.number().int(),
  /** receipts ÷ (units_sold − units_returned), 0..; null when nothing was sold net. */
  rate: z.number().nullable(),
});

/**
 * The marketplaces whose orders ScanApp reads (Wildberries' orders report). Ozon's postings are its
 * orders, and those not cancelled are its units sold already, so it has no orders figure of its own.
 */
export const ORDER_MARKETPLACES: readonly Marketplace[] = ['wildberries'];

/** Units ordered beside the units sold: null for a marketplace whose orders are not read. */
const orderCountsSchema = z.object({
  /** Units of the period's orders that stand (cancelled ones left out). */
  units_ordered: z.number().int().nullable(),
  /** Units of the period's orders that were cancelled: never a sale. */
  units_cancelled: z.number().int().nullable(),
});
export type PayoffOrderCounts = z.infer<typeof orderCountsSchema>;

export const payoffCaptureSchema = captureCountsSchema.extend(orderCountsSchema.shape).extend({
  /** The day, the week's Monday or the month's first day (cut at `from`). */
  period: z.string(),
});
const payoffCaptureTotalSchema = captureCountsSchema.extend(orderCountsSchema.shape);
export type PayoffCapture = z.infer<typeof payoffCaptureSchema>;
export type PayoffCaptureTotal = z.infer<typeof payoffCaptureTotalSchema>;
/** The capture rate's own counts, before the orders are set beside them. */
export type PayoffCaptureCounts = Omit<PayoffCaptureTotal, keyof PayoffOrderCounts>;

export const payoffProductSchema = captureCountsSchema.omit({ receipt_count: true }).extend({
  /** The product's name as the marketplace writes it. */
  name: z.string(),
});
export type PayoffProduct = z.infer<typeof payoffProductSchema>;

/** A receipt item of the seller's whose name matches no product sold on that marketplace in the period. */
export const payoffUnmatchedSchema = z.object({ marketplace: marketplaceSchema, name: z.string(), receipts: z.number() });
export type PayoffUnmatched = z.infer<typeof payoffUnmatchedSchema>;

export const payoffCohortCellSchema = z.object({
  days: z.number().int(),
  /** Shoppers of the cohort who sent another accepted receipt on a later day within `days`. */
  repeated: z.number().int(),
  /** repeated ÷ shoppers; null while the window has not passed for every shopper of the cohort. */
  share: z.number().nullable(),
  mature: z.boolean(),
});

export const payoffCohortSchema = z.object({
  /** 'YYYY-MM': the month of the shoppers' first accepted receipt. */
  month: z.string(),
  shoppers: z.number().int(),
  cells: z.array(payoffCohortCellSchema),
});
export type PayoffCohort = z.infer<typeof payoffCohortSchema>;

export const payoffReturnsSchema = z.object({
  period: z.string(),
  marketplace: marketplaceSchema,
  /** Units the marketplace reports returned in the period. */
  units_returned: z.number().int(),
  /** Points held for the marketplace's receipts bought in the period (the trust settings' hold). */
  points_held: z.number().int(),
  /** Receipts of the marketplace the seller cancelled in the period, and the points that came off. */
  receipts_cancelled: z.number().int(),
  points_cancelled: z.number().int(),
});
export type PayoffReturns = z.infer<typeof payoffReturnsSchema>;

/**
 * How the liability's rubles are found: `exchange_cost`, at what the handed-out exchanges have cost
 * per point so far (their prizes' «Себестоимость, ₽» at the exchange ÷ the points spent on them).
 * Without such an exchange there are no rubles, and the reason is said: no exchange handed out yet
 * (`no_exchanges`), or none of their prizes had a cost given (`no_prize_cost`).
 */
export const PAYOFF_RUBLE_BASES = ['no_exchanges', 'no_prize_cost', 'exchange_cost'] as const;

export const payoffLiabilitySchema = z.object({
  /** Today's balances, whatever the period: points shoppers can spend, and points held until release. */
  points_available: z.number().int(),
  points_held: z.number().int(),
  /** Of the available points, those that expire by `expiring_until` (a Moscow day). */
  points_expiring: z.number().int(),
  expiring_until: z.string(),
  /** The shop's exchanges so far (cancelled ones left out) and the points they took. */
  exchanges: z.number().int(),
  exchanged_points: z.number().int(),
  ruble_basis: z.enum(PAYOFF_RUBLE_BASES),
  /** Handed-out exchanges whose prize had a ruble cost, the points spent on them and that cost (rubles). */
  costed_exchanges: z.number().int(),
  costed_points: z.number().int(),
  costed_rubles: z.number(),
  /** costed_rubles ÷ costed_points: rubles a point has cost so far; null without a costed exchange. */
  point_cost: z.number().nullable(),
  /** The points above × point_cost, rubles to the kopeck; null when point_cost is. */
  rubles_available: z.number().nullable(),
  rubles_held: z.number().nullable(),
  rubles_expiring: z.number().nullable(),
});
export type PayoffLiability = z.infer<typeof payoffLiabilitySchema>;

/** «в 1 выданном обмене», «в 3 выданных обменах». */
const HANDED_OUT_EXCHANGES = { one: 'выданном обмене', few: 'выданных обменах', many: 'выданных обменах' };

/** The one line under the liability (and in its CSV): how its rubles were found, or why there are none. */
export function rubleBasisText(liability: PayoffLiability): string {
  switch (liability.ruble_basis) {
    case 'no_exchanges':
      return p.noExchanges;
    case 'no_prize_cost':
      return fillMessage(p.noPrizeCost, { field: messages.shopScreen.productCost, points: formatPoints(liability.exchanged_points) });
    case 'exchange_cost':
      return fillMessage(p.pointCostHow, {
        cost: formatRubles(liability.point_cost ?? 0),
        exchanges: formatCount(liability.costed_exchanges, HANDED_OUT_EXCHANGES),
        rubles: formatRubles(liability.costed_rubles),
        points: formatPoints(liability.costed_points),
      });
  }
}

export const payoffCostSchema = z.object({
  /** Rubles the account paid ScanApp in the period: receipt checks, and subscriptions with the activation. */
  receipt_fees: z.number(),
  subscriptions: z.number(),
  /** Shoppers whose first accepted receipt with the seller (any action) fell in the period. */
  new_shoppers: z.number().int(),
  /** Rubles per new shopper; null without new shoppers. */
  per_shopper: z.number().nullable(),
});

export const payoffResponseSchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), group: z.enum(PAYOFF_GROUPS) }),
  project_id: z.number().int().nullable(),
  marketplaces: z.array(payoffMarketplaceSchema),
  capture: z.array(payoffCaptureSchema),
  capture_totals: z.array(payoffCaptureTotalSchema),
  products: z.array(payoffProductSchema),
  unmatched: z.array(payoffUnmatchedSchema),
  cohorts: z.array(payoffCohortSchema),
  returns: z.array(payoffReturnsSchema),
  liability: payoffLiabilitySchema,
  cost_per_shopper: payoffCostSchema,
});
export type PayoffResponse = z.infer<typeof payoffResponseSchema>;
