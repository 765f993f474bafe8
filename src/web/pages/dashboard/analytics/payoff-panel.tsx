import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { PAYOFF_PATHS, rubleBasisText, type PayoffFigure, type PayoffGroup, type PayoffResponse } from '../../../../contract/payoff.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { payoffQuery, usePayoffQuery, type PayoffFilters } from '../../../api/payoff.js';
import { useSellerId } from '../../../auth/session.js';
import { Banner } from '../../../components/banner.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { DownloadCsvButton } from '../../../components/download-csv-button.js';
import { FigureCards } from '../../../components/figure-cards.js';
import { FilterField, FilterSelect } from '../../../components/filter-select.js';
import { EmptyState, LoadingState } from '../../../components/list-state.js';
import { formatDate, formatNumber, formatQuantity, formatRubles } from '../../../lib/format.js';
import { CaptureTotals } from './capture-totals.js';
import { formatDay } from './chart-model.js';
import { formatMonth, formatShare, MARKETPLACES_PATH, marketplaceName } from './payoff-format.js';
import './analytics.css';

const p = messages.payoff;
const a = messages.analytics;

// uPlot loads with the first chart, never with the cabinet.
const PayoffCharts = lazy(() => import('./payoff-charts.js'));

const GROUP_OPTIONS: { value: PayoffGroup; label: string }[] = [
  { value: 'day', label: p.groupDay },
  { value: 'week', label: p.groupWeek },
  { value: 'month', label: p.groupMonth },
];

function DateField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <FilterField label={label}>
      {(id) => (
        <input id={id} type="date" className="filter-select__input" value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </FilterField>
  );
}

/** A figure: its heading, how it is computed, its CSV, then what it shows. */
function FigureSection({
  title,
  how,
  figure,
  filters,
  children,
}: {
  title: string;
  how: string;
  figure: PayoffFigure;
  filters: PayoffFilters;
  children: ReactNode;
}) {
  const userId = useSellerId();
  return (
    <section className="payoff-figure" aria-label={title}>
      <div className="payoff-figure__head">
        <h3 className="payoff-figure__title">{title}</h3>
        <DownloadCsvButton
          path={PAYOFF_PATHS.csv}
          query={{ ...payoffQuery(userId, filters), figure }}
          fallbackName={`scanapp-payoff-${figure}.csv`}
          label={p.csv}
        />
      </div>
      <p className="payoff-figure__how">{how}</p>
      {children}
    </section>
  );
}

/** Plain sentences on what is missing: a marketplace not connected (with the way to connect it) or not yet imported. */
function MarketplaceNotes({ report }: { report: PayoffResponse }) {
  return (
    <ul className="payoff-notes">
      {report.marketplaces.map(({ marketplace, connected, imported_until: importedUntil }) => {
        const name = marketplaceName(marketplace);
        if (!connected) {
          return (
            <li key={marketplace}>
              {fillMessage(p.notConnected, { marketplace: name })} <Link to={MARKETPLACES_PATH}>{p.marketplacesLink}</Link>
            </li>
          );
        }
        return (
          <li key={marketplace}>
            {importedUntil === null
              ? fillMessage(p.notImported, { marketplace: name })
              : fillMessage(p.importedUntil, { marketplace: name, date: formatDate(importedUntil) })}
          </li>
        );
      })}
    </ul>
  );
}

/** Units of orders; a dash where the marketplace's orders are not read. */
const formatOrderUnits = (units: number | null) => (units === null ? p.ordersNotRead : formatNumber(units));

function CaptureTable({ report }: { report: PayoffResponse }) {
  const rows = report.capture.filter(
    (row) => row.units_sold > 0 || row.receipts > 0 || row.units_returned > 0 || Boolean(row.units_ordered) || Boolean(row.units_cancelled),
  );
  if (rows.length === 0) return <EmptyState>{p.captureEmpty}</EmptyState>;
  return (
    <ScrollTable caption={p.captureTitle} cards>
      <thead>
        <tr>
          <th scope="col">{p.periodColumn}</th>
          <th scope="col">{p.marketplaceColumn}</th>
          <th scope="col">{p.receiptUnitsColumn}</th>
          <th scope="col">{p.receiptCountColumn}</th>
          <th scope="col">{p.unitsSoldColumn}</th>
          <th scope="col">{p.unitsReturnedColumn}</th>
          <th scope="col">{p.rateColumn}</th>
          <th scope="col">{p.unitsOrderedColumn}</th>
          <th scope="col">{p.unitsCancelledColumn}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.period}-${row.marketplace}`}>
            <DataCell label={p.periodColumn}>{formatDay(row.period)}</DataCell>
            <DataCell label={p.marketplaceColumn}>{marketplaceName(row.marketplace)}</DataCell>
            <DataCell label={p.receiptUnitsColumn}>{formatQuantity(row.receipts)}</DataCell>
            <DataCell label={p.receiptCountColumn}>{formatNumber(row.receipt_count)}</DataCell>
            <DataCell label={p.unitsSoldColumn}>{formatNumber(row.units_sold)}</DataCell>
            <DataCell label={p.unitsReturnedColumn}>{formatNumber(row.units_returned)}</DataCell>
            <DataCell label={p.rateColumn}>{formatShare(row.rate)}</DataCell>
            <DataCell label={p.unitsOrderedColumn}>{formatOrderUnits(row.units_ordered)}</DataCell>
            <DataCell label={p.unitsCancelledColumn}>{formatOrderUnits(row.units_cancelled)}</DataCell>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function ProductsTables({ report }: { report: PayoffResponse }) {
  return (
    <>
      {report.products.length === 0 ? (
        <EmptyState>{p.productsEmpty}</EmptyState>
      ) : (
        <ScrollTable caption={p.productsTitle} cards>
          <thead>
            <tr>
              <th scope="col">{p.productColumn}</th>
              <th scope="col">{p.marketplaceColumn}</th>
              <th scope="col">{p.receiptUnitsColumn}</th>
              <th scope="col">{p.unitsSoldColumn}</th>
              <th scope="col">{p.unitsReturnedColumn}</th>
              <th scope="col">{p.rateColumn}</th>
            </tr>
          </thead>
          <tbody>
            {report.products.map((row) => (
              <tr key={`${row.marketplace}-${row.name}`}>
                <DataCell label={p.productColumn}>{row.name}</DataCell>
                <DataCell label={p.marketplaceColumn}>{marketplaceName(row.marketplace)}</DataCell>
                <DataCell label={p.receiptUnitsColumn}>{formatQuantity(row.receipts)}</DataCell>
                <DataCell label={p.unitsSoldColumn}>{formatNumber(row.units_sold)}</DataCell>
                <DataCell label={p.unitsReturnedColumn}>{formatNumber(row.units_returned)}</DataCell>
                <DataCell label={p.rateColumn}>{formatShare(row.rate)}</DataCell>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {report.unmatched.length > 0 && (
        <>
          <h4 className="payoff-figure__subtitle">{p.unmatchedTitle}</h4>
          <ScrollTable caption={p.unmatchedTitle} cards>
            <thead>
              <tr>
                <th scope="col">{p.productColumn}</th>
                <th scope="col">{p.marketplaceColumn}</th>
                <th scope="col">{p.receiptUnitsColumn}</th>
              </tr>
            </thead>
            <tbody>
              {report.unmatched.map((row) => (
                <tr key={`${row.marketplace}-${row.name}`}>
                  <DataCell label={p.productColumn}>{row.name}</DataCell>
                  <DataCell label={p.marketplaceColumn}>{marketplaceName(row.marketplace)}</DataCell>
                  <DataCell label={p.receiptUnitsColumn}>{formatQuantity(row.receipts)}</DataCell>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
    </>
  );
}

function CohortsTable({ report }: { report: PayoffResponse }) {
  const windows = report.cohorts[0]?.cells.map((cell) => cell.days) ?? [];
  return (
    <>
      <ScrollTable caption={p.cohortsTitle} cards>
        <thead>
          <tr>
            <th scope="col">{p.cohortColumn}</th>
            <th scope="col">{p.shoppersColumn}</th>
            {windows.map((days) => (
              <th key={days} scope="col">
                {fillMessage(p.withinDays, { days })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.cohorts.map((cohort) => (
            <tr key={cohort.month}>
              <DataCell label={p.cohortColumn}>{formatMonth(cohort.month)}</DataCell>
              <DataCell label={p.shoppersColumn}>{formatNumber(cohort.shoppers)}</DataCell>
              {cohort.cells.map((cell) => (
                <DataCell key={cell.days} label={fillMessage(p.withinDays, { days: cell.days })}>
                  {cell.mature ? `${formatShare(cell.share)} (${formatNumber(cell.repeated)})` : p.immature}
                </DataCell>
              ))}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <p className="payoff-figure__how">{p.immatureNote}</p>
    </>
  );
}

function ReturnsTable({ report }: { report: PayoffResponse }) {
  if (report.returns.length === 0) return <EmptyState>{p.returnsEmpty}</EmptyState>;
  return (
    <ScrollTable caption={p.returnsTitle} cards>
      <thead>
        <tr>
          <th scope="col">{p.periodColumn}</th>
          <th scope="col">{p.marketplaceColumn}</th>
          <th scope="col">{p.unitsReturnedColumn}</th>
          <th scope="col">{p.pointsHeldColumn}</th>
          <th scope="col">{p.receiptsCancelledColumn}</th>
          <th scope="col">{p.pointsCancelledColumn}</th>
        </tr>
      </thead>
      <tbody>
        {report.returns.map((row) => (
          <tr key={`${row.period}-${row.marketplace}`}>
            <DataCell label={p.periodColumn}>{formatDay(row.period)}</DataCell>
            <DataCell label={p.marketplaceColumn}>{marketplaceName(row.marketplace)}</DataCell>
            <DataCell label={p.unitsReturnedColumn}>{formatNumber(row.units_returned)}</DataCell>
            <DataCell label={p.pointsHeldColumn}>{formatNumber(row.points_held)}</DataCell>
            <DataCell label={p.receiptsCancelledColumn}>{formatNumber(row.receipts_cancelled)}</DataCell>
            <DataCell label={p.pointsCancelledColumn}>{formatNumber(row.points_cancelled)}</DataCell>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function Liability({ report }: { report: PayoffResponse }) {
  const l = report.liability;
  const expiring = formatDay(l.expiring_until);
  const rubles = (amount: number | null) => (amount === null ? p.rublesNoData : formatRubles(amount));
  return (
    <>
      <FigureCards
        className="payoff-liability"
        figures={[
          [p.pointsAvailable, formatNumber(l.points_available)],
          [p.pointsHeld, formatNumber(l.points_held)],
          [fillMessage(p.pointsExpiring, { date: expiring }), formatNumber(l.points_expiring)],
          [p.exchanges, formatNumber(l.exchanges)],
        ]}
      />
      <FigureCards
        className="payoff-liability"
        figures={[
          [p.rublesAvailable, rubles(l.rubles_available)],
          [p.rublesHeld, rubles(l.rubles_held)],
          [fillMessage(p.rublesExpiring, { date: expiring }), rubles(l.rubles_expiring)],
        ]}
      />
      <p className="payoff-figure__how">{rubleBasisText(l)}</p>
    </>
  );
}

function CostPerShopper({ report }: { report: PayoffResponse }) {
  const c = report.cost_per_shopper;
  return (
    <FigureCards
      className="payoff-cost"
      figures={[
        [p.receiptFees, formatRubles(c.receipt_fees)],
        [p.subscriptions, formatRubles(c.subscriptions)],
        [p.newShoppers, formatNumber(c.new_shoppers)],
        [p.perShopper, c.per_shopper === null ? p.noNewShoppers : formatRubles(c.per_shopper)],
      ]}
    />
  );
}

function Figures({ report, filters }: { report: PayoffResponse; filters: PayoffFilters }) {
  const hasCapture = report.capture.some((row) => row.units_sold > 0 || row.receipts > 0);
  return (
    <>
      <MarketplaceNotes report={report} />
      <FigureSection title={p.captureTitle} how={p.captureHow} figure="capture" filters={filters}>
        <CaptureTotals totals={report.capture_totals.map((total) => ({ term: marketplaceName(total.marketplace), total }))} />
        {hasCapture && (
          <Suspense fallback={<LoadingState>{p.loading}</LoadingState>}>
            <PayoffCharts report={report} chart="capture" />
          </Suspense>
        )}
        <CaptureTable report={report} />
        <p className="payoff-figure__how">{p.ordersHow}</p>
      </FigureSection>
      <FigureSection title={p.productsTitle} how={p.productsHow} figure="products" filters={filters}>
        <ProductsTables report={report} />
      </FigureSection>
      <FigureSection title={p.cohortsTitle} how={p.cohortsHow} figure="cohorts" filters={filters}>
        {report.cohorts.length === 0 ? (
          <EmptyState>{p.cohortsEmpty}</EmptyState>
        ) : (
          <>
            <Suspense fallback={<LoadingState>{p.loading}</LoadingState>}>
              <PayoffCharts report={report} chart="cohorts" />
            </Suspense>
            <CohortsTable report={report} />
          </>
        )}
      </FigureSection>
      <FigureSection title={p.returnsTitle} how={p.returnsHow} figure="returns" filters={filters}>
        <ReturnsTable report={report} />
      </FigureSection>
      <FigureSection title={p.liabilityTitle} how={p.liabilityHow} figure="liability" filters={filters}>
        <Liability report={report} />
      </FigureSection>
      <FigureSection title={p.costTitle} how={p.costHow} figure="cost" filters={filters}>
        <CostPerShopper report={report} />
      </FigureSection>
    </>
  );
}

/** «Окупаемость» on the analytics page: the marketplaces' sales beside the receipts, and what the programme costs and owes. */
export function PayoffPanel({ actionId }: { actionId: number | null }) {
  const [group, setGroup] = useState<PayoffGroup>('day');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters: PayoffFilters = { actionId, group, from, to };
  const payoff = usePayoffQuery(filters);
  const report = payoff.data;
  const partial = Boolean(from) !== Boolean(to);

  return (
    <section className="analytics payoff" aria-busy={payoff.isFetching} aria-labelledby="payoff-title">
      <h2 id="payoff-title" className="section-title">
        {p.title}
      </h2>
      <p className="payoff-figure__how">{p.intro}</p>
      <div className="filters">
        <FilterSelect label={p.groupFilter} value={group} options={GROUP_OPTIONS} onChange={(value) => setGroup(value as PayoffGroup)} />
        <DateField label={p.rangeFrom} value={from} onChange={setFrom} />
        <DateField label={p.rangeTo} value={to} onChange={setTo} />
      </div>
      {from && to && from > to && <Banner tone="error">{a.rangeReversed}</Banner>}
      {payoff.isError && !report ? (
        <Banner tone="error">{errorMessageOf(payoff.error, p.loadFailed)}</Banner>
      ) : !report ? (
        partial ? null : (
          <LoadingState>{p.loading}</LoadingState>
        )
      ) : (
        <Figures report={report} filters={filters} />
      )}
    </section>
  );
}
