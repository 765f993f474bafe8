import { useSearchParams } from 'react-router';
import { messages } from '../../../../contract/messages.js';
import { useActionsWithDeletedQuery } from '../../../api/actions.js';
import { useReceiptHistoryQuery } from '../../../api/receipts.js';
import { EXPORT_PATHS } from '../../../../contract/exports.js';
import { DownloadCsvButton } from '../../../components/download-csv-button.js';
import { usePageTitle } from '../page-title.js';
import { parseProjectFilter, projectFilterOptions } from './project-filter.js';
import { ProjectFilterSelect } from './project-filter-select.js';
import { ReceiptList } from './receipt-list.js';
import './receipts.css';

/** /dashboard/history (SPEC §2): every receipt of the seller, filtered by project (`?project=12`). */
export function ReceiptHistoryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const projectId = parseProjectFilter(searchParams.get('project'));
  const receipts = useReceiptHistoryQuery(projectId);
  // The unfiltered list as an earlier visit left it (no request): it names deleted actions too.
  const everyReceipt = useReceiptHistoryQuery(null, { enabled: false });
  const actions = useActionsWithDeletedQuery();

  const options = projectFilterOptions({
    actions: actions.data ?? [],
    receipts: [...(everyReceipt.data?.pages ?? []), ...(receipts.data?.pages ?? [])].flatMap((page) => page.receipts),
    selectedId: projectId,
  });

  // A new filter is a new query: paging starts again from the first page.
  const handleProjectChange = (id: number | null) => setSearchParams(id === null ? {} : { project: String(id) }, { replace: true });

  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <div className="filters">
        <ProjectFilterSelect options={options} value={projectId} onChange={handleProjectChange} />
        <DownloadCsvButton
          path={EXPORT_PATHS.receipts}
          query={{ project_id: projectId ?? undefined }}
          fallbackName="scanapp-receipts.csv"
        />
      </div>
      <ReceiptList query={receipts} emptyText={messages.receipts.historyEmpty} showProject headingLevel={2} />
    </section>
  );
}
