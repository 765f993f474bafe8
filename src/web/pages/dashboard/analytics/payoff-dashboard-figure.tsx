import { Link } from 'react-router';
import { messages } from '../../../../contract/messages.js';
import { captureRate, type PayoffResponse } from '../../../../contract/payoff.js';
import { usePayoffQuery } from '../../../api/payoff.js';
import { CaptureTotals } from './capture-totals.js';
import { MARKETPLACES_PATH } from './payoff-format.js';

const p = messages.payoff;

/** The last 30 days over every marketplace: units on accepted receipts ÷ units sold net. */
function overall(report: PayoffResponse) {
  const sum = (pick: (total: PayoffResponse['capture_totals'][number]) => number) =>
    report.capture_totals.reduce((total, row) => total + pick(row), 0);
  const receipts = sum((row) => row.receipts);
  const sold = sum((row) => row.units_sold);
  const returned = sum((row) => row.units_returned);
  return {
    receipts,
    receipt_count: sum((row) => row.receipt_count),
    units_sold: sold,
    units_returned: returned,
    rate: captureRate(receipts, sold, returned),
  };
}

function Body({ report }: { report: PayoffResponse }) {
  const connected = report.marketplaces.filter((marketplace) => marketplace.connected);
  if (connected.length === 0) {
    return (
      <p className="payoff-dashboard__text">
        <Link to={MARKETPLACES_PATH}>{p.dashboardConnect}</Link>
      </p>
    );
  }
  if (connected.every((marketplace) => marketplace.imported_until === null))
    return <p className="payoff-dashboard__text">{p.dashboardNotImported}</p>;
  const total = overall(report);
  if (total.rate === null) return <p className="payoff-dashboard__text">{p.dashboardNoSales}</p>;
  return <CaptureTotals totals={[{ term: p.dashboardFigure, total }]} />;
}

/** The dashboard's one payoff figure: the share of marketplace purchases that came in as receipts, with a way to the details. */
export function PayoffDashboardFigure() {
  const payoff = usePayoffQuery({ actionId: null, group: 'month', from: '', to: '' });
  return (
    <section className="payoff-dashboard" aria-labelledby="payoff-dashboard-title" aria-busy={payoff.isFetching}>
      <h2 id="payoff-dashboard-title" className="section-title">
        {p.title}
      </h2>
      {payoff.data ? (
        <Body report={payoff.data} />
      ) : payoff.isError ? (
        <p className="payoff-dashboard__text" role="alert">
          {p.loadFailed}
        </p>
      ) : (
        <p className="payoff-dashboard__text" role="status">
          {p.loading}
        </p>
      )}
      <Link to="/dashboard/analytics#payoff-title">{p.dashboardDetails}</Link>
    </section>
  );
}
