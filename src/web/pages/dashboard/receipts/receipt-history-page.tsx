import { useSearchParams } from 'react-router';
import { messages } from '../../../../contract/messages.js';
import {
  RECEIPT_FILTER_STATUSES,
  receiptStatusFilterSchema,
  receiptStatusLabel,
  type ReceiptStatusFilter,
} from '../../../../contract/receipts.js';
import { useActionsWithDeletedQuery } from '../../../api/actions.js';
import { useReceiptHistoryQuery } from '../../../api/receipts.js';
import { EXPORT_PATHS } from '../../../../contract/exports.js';
import { DownloadCsvButton } from '../../../components/download-csv-button.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { usePageTitle } from '../page-title.js';
import { parseProjectFilter, projectFilterOptions } from './project-filter.js';
import { ProjectFilterSelect } from './project-filter-select.js';
import { ReceiptList } from './receipt-list.js';
import './receipts.css';

const c = messages.receiptCancel;

const STATUS_OPTIONS = [
  { value: '', label: c.allStatuses },
  ...RECEIPT_FILTER_STATUSES.map((status) => ({ value: status, label: receiptStatusLabel(status) })),
];

/** The status filter's value in the address (`?status=cancelled`); anything else means every status. */
function parseStatusFilter(raw: string | null): ReceiptStatusFilter | null {
  const parsed = receiptStatusFilterSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * /dashboard/history (SPEC §2): every receipt of the seller, filtered by project (`?project=12`)
 * and by status (`?status=cancelled`).
 */
export function ReceiptHistoryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const projectId = parseProjectFilter(searchParams.get('project'));
  const status = parseStatusFilter(searchParams.get('status'));
  const receipts = useReceiptHistoryQuery(projectId, { status });
  // The unfiltered list as an earlier visit left it (no request): it names deleted actions too.
  const everyReceipt = useReceiptHistoryQuery(null, { enabled: false });
  const actions = useActionsWithDeletedQuery();

  const options = projectFilterOptions({
    actions: actions.data ?? [],
    receipts: [...(everyReceipt.data?.pages ?? []), ...(receipts.data?.pages ?? [])].flatMap((page) => page.receipts),
    selectedId: projectId,
  });

  // A new filter is a new query: paging starts again from the first page.
  const setFilters = (filters: { project: number | null; status: ReceiptStatusFilter | null }) =>
    setSearchParams(
      {
        ...(filters.project === null ? {} : { project: String(filters.project) }),
        ...(filters.status === null ? {} : { status: filters.status }),
      },
      { replace: true },
    );

  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <div className="filters">
        <ProjectFilterSelect options={options} value={projectId} onChange={(project) => setFilters({ project, status })} />
        <FilterSelect
          label={c.statusFilter}
          value={status ?? ''}
          options={STATUS_OPTIONS}
          onChange={(value) => setFilters({ project: projectId, status: parseStatusFilter(value) })}
        />
        <DownloadCsvButton
          path={EXPORT_PATHS.receipts}
          query={{ project_id: projectId ?? undefined, status: status ?? undefined }}
          fallbackName="scanapp-receipts.csv"
        />
        <DownloadCsvButton
          path={EXPORT_PATHS.receipts}
          query={{ project_id: projectId ?? undefined, status: status ?? undefined, items: 1 }}
          fallbackName="scanapp-receipt-items.csv"
          label={messages.exports.downloadItems}
        />
      </div>
      <ReceiptList query={receipts} emptyText={messages.receipts.historyEmpty} showProject headingLevel={2} />
    </section>
  );
}
