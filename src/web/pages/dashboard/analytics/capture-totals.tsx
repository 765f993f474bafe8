import { fillMessage, messages } from '../../../../contract/messages.js';
import type { PayoffCaptureCounts } from '../../../../contract/payoff.js';
import { formatNumber, formatQuantity } from '../../../lib/format.js';
import { formatShare } from './payoff-format.js';
import '../../../components/figure-cards.css';
import './capture-totals.css';

const p = messages.payoff;

/** A capture rate's card: the percent, with the counts it comes from under it. */
export function CaptureTotals({ totals }: { totals: { term: string; total: Omit<PayoffCaptureCounts, 'marketplace'> }[] }) {
  return (
    <dl className="figure-cards payoff-capture">
      {totals.map(({ term, total }) => (
        <div key={term} className="figure-cards__card">
          <dt>{term}</dt>
          <dd>
            <span>{formatShare(total.rate)}</span>
            <span className="payoff-capture__counts">
              {fillMessage(p.dashboardCounts, {
                receipts: formatQuantity(total.receipts),
                sold: formatNumber(total.units_sold - total.units_returned),
              })}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
