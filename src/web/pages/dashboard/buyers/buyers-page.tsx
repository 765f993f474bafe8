import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '../../../../contract/messages.js';
import { useActionsWithDeletedQuery } from '../../../api/actions.js';
import { useBuyersQuery, type BuyerSort } from '../../../api/buyers.js';
import { EXPORT_PATHS } from '../../../../contract/exports.js';
import { DownloadCsvButton } from '../../../components/download-csv-button.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { EmptyState } from '../../../components/list-state.js';
import { QueryView } from '../../../components/query-view.js';
import { ShowMore, useFocusFirstNew } from '../../../components/show-more.js';
import { usePageTitle } from '../page-title.js';
import { parseProjectFilter, projectFilterOptions } from '../receipts/project-filter.js';
import { ProjectFilterSelect } from '../receipts/project-filter-select.js';
import { buyerPeriodOptions, parseBuyerPeriod } from './buyer-period.js';
import { nextBuyerSort } from './buyer-sort.js';
import { BuyersSummary } from './buyers-summary.js';
import { BuyersTable } from './buyers-table.js';
import './buyers.css';

const r = messages.receipts;
const s = messages.receiptScreens;
const t = messages.trust;

const suspiciousOptions = [
  { value: '', label: t.suspiciousFilterAll },
  { value: '1', label: t.suspiciousFilterOnly },
];

/**
 * /dashboard/buyers (SPEC §2): filters in the address (`?project=12&period=30&suspicious=1`), the
 * order in the screen; the server filters, sorts, counts and pages, so a base of any
 * size stays fast.
 */
export function BuyersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const actionId = parseProjectFilter(searchParams.get('project'));
  const periodDays = parseBuyerPeriod(searchParams.get('period'));
  const suspicious = searchParams.get('suspicious') === '1';
  const [sort, setSort] = useState<BuyerSort | null>(null);
  const buyers = useBuyersQuery({ actionId, periodDays, suspicious, sort });
  const actions = useActionsWithDeletedQuery();

  const rows = buyers.data?.pages.flatMap((page) => page.buyers) ?? [];
  const summary = buyers.data?.pages[0]?.summary;
  const { focusIndex, focusRef, loadMore } = useFocusFirstNew<HTMLTableRowElement>(rows.length);

  const setFilter = (name: 'project' | 'period' | 'suspicious', value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearchParams(next, { replace: true });
  };

  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <div className="filters">
        <ProjectFilterSelect
          options={projectFilterOptions({ actions: actions.data ?? [], selectedId: actionId })}
          value={actionId}
          onChange={(id) => setFilter('project', id === null ? '' : String(id))}
        />
        <FilterSelect
          label={s.periodFilter}
          value={periodDays === null ? '' : String(periodDays)}
          options={buyerPeriodOptions}
          onChange={(value) => setFilter('period', value)}
        />
        <FilterSelect
          label={t.suspiciousFilterLabel}
          value={suspicious ? '1' : ''}
          options={suspiciousOptions}
          onChange={(value) => setFilter('suspicious', value)}
        />
        <DownloadCsvButton
          path={EXPORT_PATHS.buyers}
          query={{
            project_id: actionId ?? undefined,
            period_days: periodDays ?? undefined,
            suspicious: suspicious ? 1 : undefined,
            sort: sort?.field,
            order: sort?.order,
          }}
          fallbackName="scanapp-buyers.csv"
        />
      </div>
      <QueryView query={buyers} loading={s.buyersLoading} failed={r.buyersLoadFailed}>
        {() => (
          <div className="buyers" aria-busy={buyers.isFetching}>
            {summary && <BuyersSummary summary={summary} />}
            {actionId === null && rows.length > 0 && <p className="buyers__hint">{messages.buyerCard.pointsColumnsHint}</p>}
            {rows.length === 0 ? (
              <EmptyState>{suspicious ? t.suspiciousEmpty : r.buyersEmpty}</EmptyState>
            ) : (
              <BuyersTable
                buyers={rows}
                actionId={actionId}
                sort={sort}
                onSort={(field) => setSort((current) => nextBuyerSort(current, field))}
                focusIndex={focusIndex}
                focusRef={focusRef}
              />
            )}
            <ShowMore
              query={buyers}
              shown={rows.length}
              total={summary?.buyers_count ?? rows.length}
              failed={r.buyersLoadFailed}
              loadMore={loadMore}
            />
          </div>
        )}
      </QueryView>
    </section>
  );
}
