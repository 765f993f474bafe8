import { useMemo } from 'react';
import uPlot from 'uplot';
import type { AnalyticsResponse } from '../../../../contract/analytics.js';
import { messages } from '../../../../contract/messages.js';
import { formatChartDay, formatNumber, formatQuantity, formatRubles } from '../../../lib/format.js';
import {
  buyersSummary,
  countedSummary,
  dayToUnix,
  formatDay,
  pointsSummary,
  receiptsSummary,
  refusalStatuses,
  stack,
} from './chart-model.js';
import { ChartFigure, paletteColour, UplotChart } from './uplot-chart.js';

const a = messages.analytics;

/** Colours for refusal statuses, from the palette's warm and muted tones. */
const REFUSAL_COLOURS: [string, string][] = [
  ['--danger', '#c02626'],
  ['--warning-text', '#6e4400'],
  ['--text-muted', '#525c70'],
  ['--danger-text', '#8f1b1b'],
  ['--border-strong', '#b9c1d1'],
  ['--primary-soft-text', '#1f3391'],
];

const bars = uPlot.paths.bars!({ size: [0.7, 40], gap: 1 });

/** The x axis ticks whole days (never hours): 1, 2, 7, 14 days, then about a month and more. */
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364].map((days) => days * 86_400);

/** Counts have whole-number ticks only. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

function baseOptions(counts = true): Pick<uPlot.Options, 'scales' | 'axes' | 'tzDate' | 'cursor' | 'legend'> {
  const text = paletteColour('--text-muted', '#525c70');
  const grid = paletteColour('--border', '#e1e5ee');
  return {
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Europe/Moscow'),
    scales: { x: { time: true } },
    axes: [
      // uPlot's own date ticks are US-style ('10/28'); ours are ru-RU days ('28.10').
      {
        stroke: text,
        grid: { stroke: grid },
        ticks: { stroke: grid },
        incrs: DAY_STEPS,
        values: (_plot, splits) => splits.map((split) => formatChartDay(split)),
      },
      { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid }, size: 56, ...(counts ? { incrs: WHOLE_STEPS } : {}) },
    ],
    cursor: { points: { show: false } },
    legend: { live: true },
  };
}

const xSeries: uPlot.Series = {
  label: a.dayColumn,
  value: (_plot, value) => (value == null ? '—' : formatChartDay(value, { withYear: true })),
};

function ReceiptsChart({ report }: { report: AnalyticsResponse }) {
  const { options, data } = useMemo(() => {
    const days = report.daily;
    const refusals = refusalStatuses(days);
    const layers = [days.map((day) => day.successful), ...refusals.map((refusal) => days.map((day) => day.refused[refusal.status] ?? 0))];
    const stacked = stack(layers);
    const labels = [a.successfulSeries, ...refusals.map((refusal) => refusal.label)];
    const colours = [
      paletteColour('--primary', '#2948c8'),
      ...refusals.map((_, index) => paletteColour(...REFUSAL_COLOURS[index % REFUSAL_COLOURS.length]!)),
    ];
    // Drawn top layer first, so each lower layer paints over the part of the bar below it.
    const order = layers.map((_, index) => layers.length - 1 - index);
    const series: uPlot.Series[] = [
      xSeries,
      ...order.map((index) => ({
        label: labels[index],
        fill: colours[index],
        stroke: colours[index],
        paths: bars,
        points: { show: false },
        value: (_plot: uPlot, _value: number | null, _series: number, at: number | null) =>
          at == null ? '—' : formatNumber(layers[index]![at]!),
      })),
    ];
    return {
      options: { ...baseOptions(), series } satisfies Omit<uPlot.Options, 'width' | 'height'>,
      data: [days.map((day) => dayToUnix(day.day)), ...order.map((index) => stacked[index]!)] as uPlot.AlignedData,
    };
  }, [report]);
  return (
    <ChartFigure title={a.receiptsChart} summary={receiptsSummary(report.daily)}>
      <UplotChart options={options} data={data} />
    </ChartFigure>
  );
}

function CountedChart({ report }: { report: AnalyticsResponse }) {
  const { options, data } = useMemo(() => {
    const colour = paletteColour('--primary', '#2948c8');
    return {
      options: {
        ...baseOptions(false),
        series: [
          xSeries,
          {
            label: a.countedSum,
            stroke: colour,
            fill: colour,
            paths: bars,
            points: { show: false },
            value: (_p: uPlot, v: number | null) => (v == null ? '—' : formatRubles(v)),
          },
        ],
      },
      data: [report.daily.map((day) => dayToUnix(day.day)), report.daily.map((day) => day.counted_sum)] as uPlot.AlignedData,
    };
  }, [report]);
  return (
    <ChartFigure title={a.countedChart} summary={countedSummary(report.daily)}>
      <UplotChart options={options} data={data} />
    </ChartFigure>
  );
}

function BuyersChart({ report }: { report: AnalyticsResponse }) {
  const { options, data } = useMemo(() => {
    const weeks = report.weekly_buyers;
    const layers = [weeks.map((week) => week.new_buyers), weeks.map((week) => week.returning_buyers)];
    const stacked = stack(layers);
    const colours = [paletteColour('--primary', '#2948c8'), paletteColour('--success-text', '#135a31')];
    const labels = [a.newBuyers, a.returningBuyers];
    const weekBars = uPlot.paths.bars!({ size: [0.6, 60], gap: 2 });
    return {
      options: {
        ...baseOptions(),
        series: [
          {
            label: a.weekColumn,
            value: (_p: uPlot, _v: number | null, _s: number, at: number | null) => (at == null ? '—' : formatDay(weeks[at]!.week_start)),
          },
          ...[1, 0].map((index) => ({
            label: labels[index],
            fill: colours[index],
            stroke: colours[index],
            paths: weekBars,
            points: { show: false },
            value: (_p: uPlot, _v: number | null, _s: number, at: number | null) => (at == null ? '—' : formatNumber(layers[index]![at]!)),
          })),
        ],
      },
      data: [weeks.map((week) => dayToUnix(week.week_start)), stacked[1]!, stacked[0]!] as uPlot.AlignedData,
    };
  }, [report]);
  return (
    <ChartFigure title={a.buyersChart} summary={buyersSummary(report.weekly_buyers)}>
      <UplotChart options={options} data={data} />
    </ChartFigure>
  );
}

function PointsChart({ report }: { report: AnalyticsResponse }) {
  const { options, data } = useMemo(() => {
    const awarded = paletteColour('--primary', '#2948c8');
    const spent = paletteColour('--warning-text', '#6e4400');
    const days = report.daily;
    const format = (_p: uPlot, v: number | null) => (v == null ? '—' : formatNumber(v));
    return {
      options: {
        ...baseOptions(),
        series: [
          xSeries,
          { label: a.pointsAwarded, stroke: awarded, width: 2, value: format },
          { label: a.pointsSpent, stroke: spent, width: 2, dash: [6, 4], value: format },
        ],
      },
      data: [
        days.map((day) => dayToUnix(day.day)),
        days.map((day) => day.points_awarded),
        days.map((day) => day.points_spent),
      ] as uPlot.AlignedData,
    };
  }, [report]);
  return (
    <ChartFigure title={a.pointsChart} summary={pointsSummary(report.daily, report.points_spent_available)}>
      <UplotChart options={options} data={data} />
      {!report.points_spent_available && <p className="analytics-chart__note">{a.noShopYet}</p>}
    </ChartFigure>
  );
}

/** Top-10 products as a table with proportional bars: exact values are the cells themselves. */
function TopProducts({ report }: { report: AnalyticsResponse }) {
  const top = report.top_products;
  const max = Math.max(...top.map((product) => product.sum), 0);
  return (
    <figure className="analytics-chart analytics-chart--wide">
      <figcaption className="analytics-chart__title">{a.productsChart}</figcaption>
      {top.length === 0 ? (
        <p className="analytics-chart__note">{a.productsEmpty}</p>
      ) : (
        <table className="analytics-products">
          <thead>
            <tr>
              <th scope="col">{a.productColumn}</th>
              <th scope="col">{a.itemsColumn}</th>
              <th scope="col">{a.sumColumn}</th>
            </tr>
          </thead>
          <tbody>
            {top.map((product) => (
              <tr key={product.name}>
                <th scope="row">
                  <span className="analytics-products__name">{product.name}</span>
                  <span
                    className="analytics-products__bar"
                    style={{ width: `${max > 0 ? (product.sum / max) * 100 : 0}%` }}
                    aria-hidden="true"
                  />
                </th>
                <td title={formatQuantity(product.quantity)}>{formatNumber(product.items)}</td>
                <td>{formatRubles(product.sum)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}

/** Every analytics chart of a report; loaded on the analytics screens only (uPlot lives in this chunk). */
export default function AnalyticsCharts({ report }: { report: AnalyticsResponse }) {
  return (
    <div className="analytics-charts">
      <ReceiptsChart report={report} />
      <CountedChart report={report} />
      <BuyersChart report={report} />
      <PointsChart report={report} />
      <TopProducts report={report} />
    </div>
  );
}
