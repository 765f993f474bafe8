import { kopecksToRubles } from '../../../contract/format.js';
import { ISSUING_MARKETPLACES } from '../../../contract/marketplace-issuers.js';
import { messages } from '../../../contract/messages.js';
import {
  COHORT_WINDOWS,
  EXPIRING_WITHIN_DAYS,
  PAYOFF_DEFAULT_DAYS,
  PAYOFF_PRODUCTS_LIMIT,
  type PayoffQuery,
  type PayoffResponse,
} from '../../../contract/payoff.js';
import type { Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { catchUp, listSellerActions } from '../analytics/repository.js';
import { addDays, moscowDay } from '../analytics/period.js';
import {
  captureSeries,
  cohorts,
  liabilityOf,
  monthEnd,
  monthStart,
  newShoppers,
  productCapture,
  returnsSeries,
  withOrders,
} from './figures.js';
import * as repo from './repository.js';

export interface PayoffDeps {
  db: Executor;
  now: () => Date;
}

/**
 * «Окупаемость» of the seller (or of one action) for a period of Moscow days: the capture rate
 * per period and product, monthly repeat cohorts, returns beside points held and cancelled, today's
 * points liability and the cost per new shopper.
 */
export async function getPayoff(deps: PayoffDeps, sellerId: number, query: PayoffQuery): Promise<PayoffResponse> {
  const now = deps.now();
  const today = moscowDay(now);
  const to = query.to ?? today;
  const from = query.from ?? addDays(today, -(PAYOFF_DEFAULT_DAYS - 1));
  const scope: repo.PayoffScope = { userId: sellerId, projectId: query.project_id, from, to };
  const expiringUntil = addDays(today, EXPIRING_WITHIN_DAYS);
  // Cohorts are whole months: those the period touches, from its first month's first day to its last's last.
  const cohortScope = { ...scope, from: monthStart(from), to: monthEnd(to) };
  // ScanApp bills the account, not an action: the cost per shopper is always the whole account's.
  const accountScope = { ...cohortScope, projectId: undefined };

  // The buyer days behind the cohorts are counted in batches after each check (analytics): receipts
  // checked seconds ago are counted first, as «Аналитика» does. With none queued the read writes
  // nothing and takes no lock.
  if (await repo.receiptsQueued(deps.db)) await catchUp(deps.db);
  const [
    actions,
    connections,
    sales,
    orders,
    receiptUnits,
    productSales,
    receiptProducts,
    firstDays,
    accountFirstDays,
    points,
    liability,
    charges,
  ] = await Promise.all([
    query.project_id === undefined ? undefined : listSellerActions(deps.db, sellerId),
    repo.readConnections(deps.db, sellerId),
    repo.readSalesByDay(deps.db, scope),
    repo.readOrdersByDay(deps.db, scope),
    repo.readReceiptUnitsByDay(deps.db, scope),
    repo.readProductSales(deps.db, scope, PAYOFF_PRODUCTS_LIMIT),
    repo.readReceiptProducts(deps.db, scope),
    repo.readFirstDays(deps.db, cohortScope, COHORT_WINDOWS),
    query.project_id === undefined ? undefined : repo.readFirstDays(deps.db, accountScope, COHORT_WINDOWS),
    repo.readPointsOfReturns(deps.db, scope),
    repo.readLiability(deps.db, scope, now, { from: today, to: expiringUntil }),
    repo.readCharges(deps.db, scope),
  ]);
  if (actions && !actions.some((action) => action.id === query.project_id)) throw new AppError('not_found', messages.actions.notFound);

  // A marketplace is shown once connected, or when its receipts or sales are in the period anyway.
  const shown = ISSUING_MARKETPLACES.filter(
    (marketplace) =>
      connections.some((connection) => connection.marketplace === marketplace) ||
      sales.some((row) => row.marketplace === marketplace) ||
      receiptUnits.some((row) => row.marketplace === marketplace),
  );
  const { capture, totals } = captureSeries({ from, to, group: query.group, marketplaces: shown, sales, receipts: receiptUnits });
  const shoppers = newShoppers(accountFirstDays ?? firstDays, from, to);
  const spentKopecks = charges.receiptFeeKopecks + charges.subscriptionKopecks;
  return {
    period: { from, to, group: query.group },
    project_id: query.project_id ?? null,
    marketplaces: ISSUING_MARKETPLACES.map((marketplace) => {
      const connection = connections.find((row) => row.marketplace === marketplace);
      return { marketplace, connected: connection !== undefined, imported_until: connection?.importedUntil?.toISOString() ?? null };
    }),
    // The units ordered are shown beside the units sold; they take no part in the rate.
    capture: withOrders(capture, orders, { from, group: query.group }),
    capture_totals: withOrders(totals, orders, { from, group: query.group }),
    ...productCapture(productSales, receiptProducts, PAYOFF_PRODUCTS_LIMIT),
    cohorts: cohorts(firstDays, today),
    returns: returnsSeries({ from, group: query.group, marketplaces: shown, sales, points }),
    liability: liabilityOf(liability, expiringUntil),
    cost_per_shopper: {
      receipt_fees: kopecksToRubles(charges.receiptFeeKopecks),
      subscriptions: kopecksToRubles(charges.subscriptionKopecks),
      new_shoppers: shoppers,
      per_shopper: shoppers === 0 ? null : Math.round(spentKopecks / shoppers) / 100,
    },
  };
}
