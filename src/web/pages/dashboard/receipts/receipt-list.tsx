import { messages } from '../../../../contract/messages.js';
import type { useReceiptHistoryQuery } from '../../../api/receipts.js';
import { QueryView } from '../../../components/query-view.js';
import { ShowMore, useFocusFirstNew } from '../../../components/show-more.js';
import { ReceiptCard } from './receipt-card.js';

const r = messages.receipts;

/** A page-by-page receipt list with its loading, error and empty states (SPEC §2, §8). */
export function ReceiptList({
  query,
  emptyText,
  showProject,
  headingLevel,
}: {
  query: ReturnType<typeof useReceiptHistoryQuery>;
  emptyText: string;
  showProject: boolean;
  headingLevel: 2 | 3;
}) {
  const receipts = query.data?.pages.flatMap((page) => page.receipts) ?? [];
  const { focusIndex, focusRef, loadMore } = useFocusFirstNew<HTMLElement>(receipts.length);

  return (
    <QueryView
      query={query}
      loading={r.historyLoading}
      failed={r.historyLoadFailed}
      empty={{ text: emptyText, when: () => receipts.length === 0 }}
    >
      {(data) => (
        <div className="receipt-list" aria-busy={query.isFetching}>
          <ul className="receipt-list__items">
            {receipts.map((receipt, index) => (
              <li key={receipt.id}>
                <ReceiptCard
                  receipt={receipt}
                  showProject={showProject}
                  headingLevel={headingLevel}
                  ref={index === focusIndex ? focusRef : undefined}
                />
              </li>
            ))}
          </ul>
          <ShowMore
            query={query}
            shown={receipts.length}
            total={data.pages.at(-1)?.pagination.total_receipts ?? receipts.length}
            failed={r.historyLoadFailed}
            loadMore={loadMore}
          />
        </div>
      )}
    </QueryView>
  );
}
