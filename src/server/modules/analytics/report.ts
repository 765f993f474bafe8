import type { AnalyticsDay, AnalyticsFigures, AnalyticsWeek } from '../../../contract/analytics.js';
import { kopecksToRubles } from '../../../contract/format.js';
import { eachDay, weekBucket } from './period.js';
import type { DailyStatusRow, PointsSpent, ReturnsByWeekRow } from './repository.js';

/** The figures and the daily series of a period from its per-day, per-status aggregates. */
export function summarise(rows: DailyStatusRow[], returns: ReturnsByWeekRow[], spent: PointsSpent): AnalyticsFigures {
  let checked = 0;
  let successful = 0;
  let points = 0;
  let counted = 0;
  let fee = 0;
  let newBuyers = 0;
  for (const row of rows) {
    checked += row.receipts;
    fee += row.feeKopecks;
    if (row.status !== 'success') continue;
    successful += row.receipts;
    points += row.pointsAwarded;
    counted += row.countedKopecks;
    newBuyers += row.newBuyers;
  }
  const pointsSpent = [...spent.byDay.values()].reduce((sum, value) => sum + value, 0);
  return {
    receipts_checked: checked,
    receipts_successful: successful,
    success_share: checked === 0 ? null : successful / checked,
    points_awarded: points,
    points_spent: spent.available ? pointsSpent : null,
    counted_sum: kopecksToRubles(counted),
    new_buyers: newBuyers,
    returning_buyers: returns.reduce((sum, week) => sum + week.returningInPeriod, 0),
    spent_on_receipts: kopecksToRubles(fee),
    cost_per_successful_receipt: successful === 0 ? null : Math.round(fee / successful) / 100,
  };
}

/** One entry per day of the period, zeros included, so charts have no gaps. */
export function dailySeries(from: string, to: string, rows: DailyStatusRow[], spent: PointsSpent): AnalyticsDay[] {
  const byDay = new Map<string, AnalyticsDay>();
  for (const day of eachDay(from, to)) {
    byDay.set(day, {
      day,
      successful: 0,
      refused: {},
      counted_sum: 0,
      points_awarded: 0,
      points_spent: spent.available ? (spent.byDay.get(day) ?? 0) : null,
    });
  }
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    if (row.status === 'success') {
      entry.successful += row.receipts;
      entry.counted_sum = kopecksToRubles(row.countedKopecks);
      entry.points_awarded += row.pointsAwarded;
    } else {
      entry.refused[row.status] = (entry.refused[row.status] ?? 0) + row.receipts;
    }
  }
  return [...byDay.values()];
}

/** New and returning buyers per week of the period (the first week cut at the period's start). */
export function weeklyBuyers(from: string, to: string, rows: DailyStatusRow[], returns: ReturnsByWeekRow[]): AnalyticsWeek[] {
  const weeks = new Map<string, AnalyticsWeek>();
  for (const day of eachDay(from, to)) {
    const start = weekBucket(day, from);
    if (!weeks.has(start)) weeks.set(start, { week_start: start, new_buyers: 0, returning_buyers: 0 });
  }
  for (const row of rows) {
    if (row.status !== 'success' || row.newBuyers === 0 || row.day < from || row.day > to) continue;
    const week = weeks.get(weekBucket(row.day, from));
    if (week) week.new_buyers += row.newBuyers;
  }
  for (const row of returns) {
    // Read from the beginning of time, the first week's returns come bucketed at its Monday.
    const week = weeks.get(row.weekStart < from ? from : row.weekStart);
    if (week) week.returning_buyers += row.returningInWeek;
  }
  return [...weeks.values()];
}
