import { useMemo } from 'react';
import type uPlot from 'uplot';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { ISSUING_MARKETPLACES } from '../../../../contract/marketplace-issuers.js';
import type { PayoffResponse } from '../../../../contract/payoff.js';
import { formatChartDay } from '../../../lib/format.js';
import { dayToUnix } from './chart-model.js';
import { formatMonth, formatShare, marketplaceName } from './payoff-format.js';
import { ChartFigure, paletteColour, UplotChart } from './uplot-chart.js';

const p = messages.payoff;

const COLOURS: [string, string][] = [
  ['--primary', '#2948c8'],
  ['--warning-text', '#6e4400'],
  ['--danger', '#c02626'],
];

/** At most this many labels under a chart, so they fit a phone's width. */
const MAX_X_LABELS = 5;

/**
 * A line per series of shares (0..1) over periods; x is the period's index, labelled by
 * `xLabel` (periods are days, weeks or months, not evenly spaced instants); y in percent.
 */
function shareOptions(count: number, xLabel: (index: number) => string, labels: string[]): Omit<uPlot.Options, 'width' | 'height'> {
  const text = paletteColour('--text-muted', '#525c70');
  const grid = paletteColour('--border', '#e1e5ee');
  const step = Math.max(1, Math.ceil(count / MAX_X_LABELS));
  const splits = Array.from({ length: count }, (_, index) => index).filter((index) => index % step === 0);
  return {
    scales: { x: { time: false, range: [-0.5, Math.max(count - 0.5, 0.5)] }, y: { range: (_plot, _min, max) => [0, Math.max(max, 0.1)] } },
    axes: [
      {
        stroke: text,
        grid: { stroke: grid },
        ticks: { stroke: grid },
        splits: () => splits,
        values: (_plot, values) => values.map(xLabel),
      },
      {
        stroke: text,
        grid: { stroke: grid },
        ticks: { stroke: grid },
        size: 64,
        values: (_plot, splits) => splits.map((split) => formatShare(split)),
      },
    ],
    cursor: { points: { show: true } },
    legend: { live: true },
    series: [
      { label: p.periodColumn, value: (_plot, value) => (value == null ? '—' : xLabel(value)) },
      ...labels.map((label, index) => {
        const colour = paletteColour(...COLOURS[index % COLOURS.length]!);
        return { label, stroke: colour, width: 2, spanGaps: false, value: (_plot: uPlot, value: number | null) => formatShare(value) };
      }),
    ],
  };
}

/** The capture rate per period, a line per marketplace shown (a period without sales has no point). */
function CaptureChart({ report }: { report: PayoffResponse }) {
  const { options, data, summary } = useMemo(() => {
    const shown = ISSUING_MARKETPLACES.filter((marketplace) => report.capture_totals.some((total) => total.marketplace === marketplace));
    const periods = [...new Set(report.capture.map((row) => row.period))];
    const rateOf = (period: string, marketplace: string) =>
      report.capture.find((row) => row.period === period && row.marketplace === marketplace)?.rate ?? null;
    return {
      options: shareOptions(periods.length, (index) => formatChartDay(dayToUnix(periods[index]!)), shown.map(marketplaceName)),
      data: [
        periods.map((_, index) => index),
        ...shown.map((marketplace) => periods.map((period) => rateOf(period, marketplace))),
      ] as uPlot.AlignedData,
      summary: report.capture_totals.map((total) => `${marketplaceName(total.marketplace)}: ${formatShare(total.rate)}`).join(', '),
    };
  }, [report]);
  return (
    <ChartFigure title={p.captureChart} summary={summary}>
      <UplotChart options={options} data={data} />
    </ChartFigure>
  );
}

/** Each cohort's repeat share for each window; immature cells are left out (a gap, not a drop). */
function CohortsChart({ report }: { report: PayoffResponse }) {
  const { options, data, summary } = useMemo(() => {
    const windows = report.cohorts[0]?.cells.map((cell) => cell.days) ?? [];
    const months = report.cohorts.map((cohort) => cohort.month);
    return {
      options: shareOptions(
        months.length,
        // '08.2026': a month short enough for an axis under a phone's chart.
        (index) => `${months[index]!.slice(5)}.${months[index]!.slice(0, 4)}`,
        windows.map((days) => fillMessage(p.withinDays, { days })),
      ),
      data: [
        months.map((_, index) => index),
        ...windows.map((_, index) => report.cohorts.map((cohort) => cohort.cells[index]!.share)),
      ] as uPlot.AlignedData,
      summary: report.cohorts
        .map(
          (cohort) =>
            `${formatMonth(cohort.month)}: ${cohort.cells.map((cell) => (cell.mature ? formatShare(cell.share) : p.immature)).join(' / ')}`,
        )
        .join('; '),
    };
  }, [report]);
  return (
    <ChartFigure title={p.cohortsChart} summary={summary}>
      <UplotChart options={options} data={data} />
    </ChartFigure>
  );
}

export default function PayoffCharts({ report, chart }: { report: PayoffResponse; chart: 'capture' | 'cohorts' }) {
  return chart === 'capture' ? <CaptureChart report={report} /> : <CohortsChart report={report} />;
}
