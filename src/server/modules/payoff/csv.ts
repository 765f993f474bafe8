import { formatDate } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { COHORT_WINDOWS, rubleBasisText, type PayoffFigure, type PayoffResponse } from '../../../contract/payoff.js';
import { attachment, csvFile, csvRubles, csvText } from '../../csv.js';
import { moscowDay } from '../analytics/period.js';

const p = messages.payoff;

/** A number as Excel in Russian reads it: a comma before the fraction. */
const csvNumber = (value: number) => String(Number(value.toFixed(6))).replace('.', ',');
/** A share as a percent with one decimal ('12,5'); empty where there is none (nothing sold, an immature cohort). */
const csvPercent = (share: number | null) => (share === null ? '' : csvNumber(Math.round(share * 1000) / 10));
const csvMoney = (rubles: number) => csvRubles(Math.round(rubles * 100));
const csvDay = (day: string) => formatDate(`${day}T12:00:00+03:00`);
const marketplaceName = (marketplace: 'wildberries' | 'ozon') => p[marketplace];

/** One figure of «Окупаемость» as a CSV file (the same dialect as the other exports). */
export function payoffCsv(report: PayoffResponse, figure: PayoffFigure, now: Date): { disposition: string; body: string } {
  return { disposition: attachment(`scanapp-payoff-${figure}-${moscowDay(now)}.csv`), body: csvFile(...tableOf(report, figure)) };
}

function tableOf(report: PayoffResponse, figure: PayoffFigure): [string[], (string | number)[][]] {
  const rate = `${p.rateColumn}, %`;
  switch (figure) {
    case 'capture':
      return [
        [
          p.periodColumn,
          p.marketplaceColumn,
          p.receiptUnitsColumn,
          p.receiptCountColumn,
          p.unitsSoldColumn,
          p.unitsReturnedColumn,
          rate,
          p.unitsOrderedColumn,
          p.unitsCancelledColumn,
        ],
        report.capture.map((row) => [
          csvDay(row.period),
          marketplaceName(row.marketplace),
          csvNumber(row.receipts),
          row.receipt_count,
          row.units_sold,
          row.units_returned,
          csvPercent(row.rate),
          // Empty where the marketplace's orders are not read (Ozon).
          row.units_ordered ?? '',
          row.units_cancelled ?? '',
        ]),
      ];
    case 'products':
      return [
        [p.marketplaceColumn, p.productColumn, p.receiptUnitsColumn, p.unitsSoldColumn, p.unitsReturnedColumn, rate],
        [
          ...report.products.map((row) => [
            marketplaceName(row.marketplace),
            csvText(row.name),
            csvNumber(row.receipts),
            row.units_sold,
            row.units_returned,
            csvPercent(row.rate),
          ]),
          // Receipt items without a marketplace product of that name: no units sold to compare with.
          ...report.unmatched.map((row) => [
            marketplaceName(row.marketplace),
            csvText(row.name),
            csvNumber(row.receipts),
            '',
            '',
            p.unmatchedMark,
          ]),
        ],
      ];
    case 'cohorts':
      return [
        [
          p.cohortColumn,
          p.shoppersColumn,
          ...COHORT_WINDOWS.flatMap((days) => [fillMessage(p.repeatedColumn, { days }), fillMessage(p.repeatedShareColumn, { days })]),
        ],
        report.cohorts.map((cohort) => [
          cohort.month,
          cohort.shoppers,
          ...cohort.cells.flatMap((cell) => [cell.repeated, cell.mature ? csvPercent(cell.share) : p.immature]),
        ]),
      ];
    case 'returns':
      return [
        [
          p.periodColumn,
          p.marketplaceColumn,
          p.unitsReturnedColumn,
          p.pointsHeldColumn,
          p.receiptsCancelledColumn,
          p.pointsCancelledColumn,
        ],
        report.returns.map((row) => [
          csvDay(row.period),
          marketplaceName(row.marketplace),
          row.units_returned,
          row.points_held,
          row.receipts_cancelled,
          row.points_cancelled,
        ]),
      ];
    case 'liability': {
      const l = report.liability;
      const rubles = (amount: number | null) => (amount === null ? p.rublesNoData : csvMoney(amount));
      return [
        [
          p.pointsAvailable,
          p.pointsHeld,
          p.pointsExpiringColumn,
          p.expiringUntilColumn,
          p.exchanges,
          p.exchangedPointsColumn,
          p.pointCostColumn,
          p.rublesAvailable,
          p.rublesHeld,
          fillMessage(p.rublesExpiring, { date: csvDay(l.expiring_until) }),
          p.rubleBasisColumn,
        ],
        [
          [
            l.points_available,
            l.points_held,
            l.points_expiring,
            csvDay(l.expiring_until),
            l.exchanges,
            l.exchanged_points,
            // A point's cost to the kopeck's hundredth: at a few kopecks a point, kopecks alone would read as zero.
            l.point_cost === null ? p.rublesNoData : csvNumber(Math.round(l.point_cost * 10_000) / 10_000),
            rubles(l.rubles_available),
            rubles(l.rubles_held),
            rubles(l.rubles_expiring),
            csvText(rubleBasisText(l)),
          ],
        ],
      ];
    }
    case 'cost': {
      const c = report.cost_per_shopper;
      return [
        [p.periodColumn, `${p.receiptFees}, ₽`, `${p.subscriptions}, ₽`, p.newShoppers, `${p.perShopper}, ₽`],
        [
          [
            `${csvDay(report.period.from)} – ${csvDay(report.period.to)}`,
            csvMoney(c.receipt_fees),
            csvMoney(c.subscriptions),
            c.new_shoppers,
            c.per_shopper === null ? '' : csvMoney(c.per_shopper),
          ],
        ],
      ];
    }
  }
}
