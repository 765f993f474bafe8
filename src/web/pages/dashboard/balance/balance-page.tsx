import { fillMessage, messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useOperationsQuery } from '../../../api/billing.js';
import { EXPORT_PATHS } from '../../../../contract/exports.js';
import { Banner } from '../../../components/banner.js';
import { DownloadCsvButton } from '../../../components/download-csv-button.js';
import { formatDate, formatDateTime, formatRubles } from '../../../lib/format.js';
import { usePageTitle } from '../page-title.js';
import { signedRubles } from './signed-rubles.js';
import '../actions/panel.css';
import './balance.css';
import { LoadingState, EmptyState } from '../../../components/list-state.js';

const s = messages.actionScreens;

/** /dashboard/balance, 'Операции по балансу': every top-up and charge, newest first. */
export function BalancePage() {
  const title = usePageTitle();
  const operations = useOperationsQuery();
  const rows = operations.data?.pages.flatMap((page) => page.operations) ?? [];

  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{title}</h1>
      {rows.length > 0 && <DownloadCsvButton path={EXPORT_PATHS.balance} query={{}} fallbackName="scanapp-balance.csv" />}
      {operations.isPending && (
        <LoadingState>{messages.common.loading}</LoadingState>
      )}
      {operations.isError && <Banner tone="error">{errorMessageOf(operations.error, messages.billing.operationsLoadFailed)}</Banner>}
      {operations.isSuccess && rows.length === 0 && <EmptyState>{s.operationsEmpty}</EmptyState>}
      {rows.length > 0 && (
        <ul className="operations panel" aria-label={title}>
          {rows.map((operation) => (
            <li key={operation.id} className="operation">
              <div className="operation__what">
                <p className="operation__description">{operation.description}</p>
                <p className="operation__date">
                  <time dateTime={operation.created_at}>{formatDateTime(operation.created_at)}</time>
                </p>
              </div>
              <div className="operation__money">
                <p className={operation.amount > 0 ? 'operation__amount operation__amount--credit' : 'operation__amount'}>
                  {signedRubles(operation.amount)}
                </p>
                <p className="operation__after">{fillMessage(s.balanceAfter, { amount: formatRubles(operation.balance_after) })}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {operations.hasNextPage && (
        <p>
          <button
            type="button"
            className="button button--secondary"
            disabled={operations.isFetchingNextPage}
            onClick={() => operations.fetchNextPage()}
          >
            {operations.isFetchingNextPage ? messages.common.loading : messages.receipts.showMore}
          </button>
        </p>
      )}
    </section>
  );
}
