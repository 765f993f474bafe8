import type { AnalyticsQuery, AnalyticsResponse } from '../../../contract/analytics.js';
import { kopecksToRubles } from '../../../contract/format.js';
import { messages } from '../../../contract/messages.js';
import type { Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { resolvePeriod } from './period.js';
import { dailySeries, summarise, weeklyBuyers } from './report.js';
import * as repo from './repository.js';

export interface AnalyticsDeps {
  db: Executor;
  now: () => Date;
}

const TOP_PRODUCTS = 10;

/** The seller's analytics for a period, all actions (deleted ones included) or one. */
export async function getAnalytics(deps: AnalyticsDeps, sellerId: number, query: AnalyticsQuery): Promise<AnalyticsResponse> {
  const period = resolvePeriod(query, deps.now());
  // "All time" reads from the beginning and starts the series at the first day with data.
  const scope: repo.Scope = { userId: sellerId, projectId: query.project_id, from: period.from ?? repo.ALL_TIME, to: period.to };
  // Receipts are counted in batches after their check; the ones still queued are counted now,
  // so the answer includes every receipt checked before the request.
  await repo.catchUp(deps.db);
  const [actions, rows, returns, products, spent] = await Promise.all([
    repo.listSellerActions(deps.db, sellerId),
    repo.readDailyByStatus(deps.db, scope),
    repo.readReturnsByWeek(deps.db, scope),
    repo.readTopProducts(deps.db, scope, TOP_PRODUCTS),
    repo.readPointsSpent(deps.db, scope),
  ]);
  if (query.project_id !== undefined && !actions.some((action) => action.id === query.project_id)) {
    throw new AppError('not_found', messages.actions.notFound);
  }
  const from =
    period.from ??
    rows.reduce<string | undefined>((first, row) => (first === undefined || row.day < first ? row.day : first), undefined) ??
    period.to;
  return {
    period: { kind: period.kind, from, to: period.to },
    project_id: query.project_id ?? null,
    actions,
    figures: summarise(rows, returns, spent),
    daily: dailySeries(from, period.to, rows, spent),
    weekly_buyers: weeklyBuyers(from, period.to, rows, returns),
    top_products: products.map((product) => ({
      name: product.name,
      items: product.items,
      quantity: product.quantity,
      sum: kopecksToRubles(product.sumKopecks),
    })),
    points_spent_available: spent.available,
  };
}

/** Operator: recompute the aggregates from the receipts (`npm run admin -- analytics:rebuild`). */
export async function rebuildAnalytics(deps: {
  db: Executor;
  now: () => Date;
}): Promise<{ message: string; receipts: number; milliseconds: number }> {
  const started = Date.now();
  const receipts = await repo.rebuildAggregates(deps.db);
  return { message: messages.analytics.rebuilt, receipts, milliseconds: Date.now() - started };
}
