import { lazy, Suspense, useState } from 'react';
import type { AnalyticsPeriod, AnalyticsResponse } from '../../../../contract/analytics.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useAnalyticsQuery } from '../../../api/analytics.js';
import { Banner } from '../../../components/banner.js';
import { FilterField, FilterSelect } from '../../../components/filter-select.js';
import { FigureCards } from '../../../components/figure-cards.js';
import { EmptyState, LoadingState } from '../../../components/list-state.js';
import { formatNumber, formatPercent, formatRubles } from '../../../lib/format.js';
import { hasData } from './chart-model.js';
import './analytics.css';

const a = messages.analytics;

// uPlot and the charts load with the first analytics screen, never with the cabinet.
const AnalyticsCharts = lazy(() => import('./analytics-charts.js'));

const PERIOD_OPTIONS: { value: AnalyticsPeriod; label: string }[] = [
  { value: '7', label: a.period7 },
  { value: '30', label: a.period30 },
  { value: '90', label: a.period90 },
  { value: 'all', label: a.periodAll },
  { value: 'range', label: a.periodRange },
];

function Figures({ figures }: { figures: AnalyticsResponse['figures'] }) {
  const money = (value: number | null) => (value === null ? '—' : formatRubles(value));
  const cards: [string, string][] = [
    [a.receiptsChecked, formatNumber(figures.receipts_checked)],
    [a.receiptsSuccessful, formatNumber(figures.receipts_successful)],
    [a.successShare, figures.success_share === null ? '—' : formatPercent(Math.round(figures.success_share * 1000) / 10)],
    [a.pointsAwarded, formatNumber(figures.points_awarded)],
    [a.countedSum, formatRubles(figures.counted_sum)],
    [a.newBuyers, formatNumber(figures.new_buyers)],
    [a.returningBuyers, formatNumber(figures.returning_buyers)],
    [a.spentOnReceipts, formatRubles(figures.spent_on_receipts)],
    [a.costPerSuccess, money(figures.cost_per_successful_receipt)],
  ];
  return <FigureCards className="analytics-figures" figures={cards} />;
}

function DateField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <FilterField label={label}>
      {(id) => (
        <input id={id} type="date" className="filter-select__input" value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </FilterField>
  );
}

/**
 * Analytics of the seller's actions (or of one): period filter, figures, charts. With
 * `actionFilter`, a select of every action — deleted ones marked — comes first.
 */
export function AnalyticsPanel({
  actionId,
  actionFilter,
  headingLevel = 2,
  titled = true,
}: {
  actionId: number | null;
  actionFilter?: { onChange: (id: number | null) => void };
  headingLevel?: 2 | 3;
  /** False when a folding summary around it already names it (the action page). */
  titled?: boolean;
}) {
  const [period, setPeriod] = useState<AnalyticsPeriod>('30');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const analytics = useAnalyticsQuery({ actionId, period, from, to });
  const report = analytics.data;
  const Heading = `h${headingLevel}` as const;

  const actionOptions = [
    { value: '', label: a.allActions },
    ...(report?.actions ?? []).map((action) => ({
      value: String(action.id),
      label: action.deleted ? fillMessage(a.deletedAction, { name: action.name }) : action.name,
    })),
  ];

  return (
    <section className="analytics" aria-busy={analytics.isFetching}>
      {!actionFilter && titled && <Heading className="section-title">{a.actionAnalytics}</Heading>}
      <div className="filters">
        {actionFilter && (
          <FilterSelect
            label={a.actionFilter}
            value={actionId === null ? '' : String(actionId)}
            options={actionOptions}
            onChange={(value) => actionFilter.onChange(value ? Number(value) : null)}
          />
        )}
        <FilterSelect
          label={a.periodFilter}
          value={period}
          options={PERIOD_OPTIONS}
          onChange={(value) => setPeriod(value as AnalyticsPeriod)}
        />
        {period === 'range' && (
          <>
            <DateField label={a.rangeFrom} value={from} onChange={setFrom} />
            <DateField label={a.rangeTo} value={to} onChange={setTo} />
          </>
        )}
      </div>
      {period === 'range' && from && to && from > to && <Banner tone="error">{a.rangeReversed}</Banner>}
      {analytics.isError && !report ? (
        <Banner tone="error">{errorMessageOf(analytics.error, a.loadFailed)}</Banner>
      ) : !report ? (
        period === 'range' && (!from || !to) ? null : (
          <LoadingState>{a.loading}</LoadingState>
        )
      ) : (
        <>
          <Figures figures={report.figures} />
          {hasData(report) ? (
            <Suspense fallback={<LoadingState>{a.loading}</LoadingState>}>
              <AnalyticsCharts report={report} />
            </Suspense>
          ) : (
            <EmptyState>{a.empty}</EmptyState>
          )}
        </>
      )}
    </section>
  );
}

/** Phones fold the action's analytics (charts are the page's tallest part); wider screens show them open. */
const PHONE = '(max-width: 599px)';

/**
 * The action page's analytics under a «Аналитика акции» summary. Closed on a phone at first;
 * the charts (and uPlot) load only once it is opened.
 */
export function ActionAnalyticsFold({ actionId }: { actionId: number }) {
  const [open, setOpen] = useState(() => !window.matchMedia(PHONE).matches);
  return (
    <details className="analytics-fold" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="analytics-fold__summary">
        <h2 className="section-title">{a.actionAnalytics}</h2>
      </summary>
      {open && <AnalyticsPanel actionId={actionId} titled={false} />}
    </details>
  );
}
