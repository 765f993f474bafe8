import type { AnalyticsDay, AnalyticsResponse, AnalyticsWeek } from '../../../../contract/analytics.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { receiptStatusLabel } from '../../../../contract/receipts.js';
import { formatChartDay } from '../../../lib/format.js';

const a = messages.analytics;

/** A Moscow day 'YYYY-MM-DD' as the unix second its Moscow midnight starts (uPlot's x). */
export function dayToUnix(day: string): number {
  return Date.parse(`${day}T00:00:00+03:00`) / 1000;
}

/** '23.11.2026' from a Moscow day 'YYYY-MM-DD': the charts' one day formatter, whatever the browser's zone. */
export function formatDay(day: string): string {
  return formatChartDay(dayToUnix(day), { withYear: true });
}

/** Refusal statuses of the period, most frequent first, each with its SPEC §4 label. */
export function refusalStatuses(daily: AnalyticsDay[]): { status: string; label: string; total: number }[] {
  const totals = new Map<string, number>();
  for (const day of daily) for (const [status, count] of Object.entries(day.refused)) totals.set(status, (totals.get(status) ?? 0) + count);
  return [...totals]
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .map(([status, total]) => ({ status, label: receiptStatusLabel(status), total }));
}

/**
 * Series for a stacked bar chart: each layer is drawn as the running total up to it (uPlot
 * does not stack), while the exact values stay available for hover and the text summary.
 */
export function stack(layers: number[][]): number[][] {
  const running: number[][] = [];
  layers.forEach((layer, index) => running.push(layer.map((value, at) => value + (index === 0 ? 0 : running[index - 1]![at]!))));
  return running;
}

export function hasData(report: Pick<AnalyticsResponse, 'figures'>): boolean {
  return report.figures.receipts_checked > 0;
}

const n = (value: number) => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(value);

/** The busiest day of a series, for the text summaries. */
function peak<T extends { day: string }>(days: T[], value: (day: T) => number): string {
  const best = days.reduce<T | undefined>((top, day) => (top === undefined || value(day) > value(top) ? day : top), undefined);
  return best && value(best) > 0 ? `; больше всего ${n(value(best))} — ${formatDay(best.day)}` : '';
}

/** Text a screen reader gets instead of the receipts chart. */
export function receiptsSummary(daily: AnalyticsDay[]): string {
  const successful = daily.reduce((sum, day) => sum + day.successful, 0);
  const refusals = refusalStatuses(daily);
  const refusalText = refusals.length ? refusals.map((refusal) => `${refusal.label} — ${n(refusal.total)}`).join(', ') : 'нет';
  const text = `успешных ${n(successful)}${peak(daily, (day) => day.successful)}; отказы: ${refusalText}`;
  return fillMessage(a.chartSummary, { title: a.receiptsChart, text });
}

export function countedSummary(daily: AnalyticsDay[]): string {
  const total = daily.reduce((sum, day) => sum + day.counted_sum, 0);
  return fillMessage(a.chartSummary, { title: a.countedChart, text: `всего ${n(total)} ₽${peak(daily, (day) => day.counted_sum)}` });
}

export function buyersSummary(weeks: AnalyticsWeek[]): string {
  const text = weeks
    .map((week) => `неделя с ${formatDay(week.week_start)}: новых ${n(week.new_buyers)}, вернувшихся ${n(week.returning_buyers)}`)
    .join('; ');
  return fillMessage(a.chartSummary, { title: a.buyersChart, text: text || 'нет данных' });
}

export function pointsSummary(daily: AnalyticsDay[], spentAvailable: boolean): string {
  const awarded = daily.reduce((sum, day) => sum + day.points_awarded, 0);
  const spent = daily.reduce((sum, day) => sum + (day.points_spent ?? 0), 0);
  const text = `начислено ${n(awarded)}${peak(daily, (day) => day.points_awarded)}; ${spentAvailable ? `потрачено ${n(spent)}` : a.noShopYet}`;
  return fillMessage(a.chartSummary, { title: a.pointsChart, text });
}
