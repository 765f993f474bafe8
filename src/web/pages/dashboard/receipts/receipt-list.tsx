import { messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import type { useReceiptHistoryQuery } from '../../../api/receipts.js';
import { Banner } from '../../../components/banner.js';
import { ReceiptCard } from './receipt-card.js';
import { ShowMore, useFocusFirstNew } from '../../../components/show-more.js';
import { LoadingState, EmptyState } from '../../../components/list-state.js';

const r = messages.receipts;

/** A page-by-page receipt list with its loading, error and empty states (SPEC §2, §8). */
export function ReceiptList({ query, emptyText, showProject, headingLevel }: {
  query: ReturnType<typeof useReceiptHistoryQuery>;
  emptyText: string;
  showProject: boolean;
  headingLevel: 2 | 3;
}) {
  const receipts = query.data?.pages.flatMap((page) => page.receipts) ?? [];
  const { focusIndex, focusRef, loadMore } = useFocusFirstNew<HTMLElement>(receipts.length);

  if (query.isPending) {
    return (
      <LoadingState>{r.historyLoading}</LoadingState>
    );
  }
  if (query.isError && !query.data) return <Banner tone="error">{errorMessageOf(query.error, r.historyLoadFailed)}</Banner>;
  if (receipts.length === 0) return <EmptyState>{emptyText}</EmptyState>;

  const total = query.data.pages.at(-1)?.pagination.total_receipts ?? receipts.length;
  return (
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
      {query.isError && <Banner tone="error">{errorMessageOf(query.error, r.historyLoadFailed)}</Banner>}
      <ShowMore
        shown={receipts.length}
        total={total}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onShowMore={() => loadMore(() => query.fetchNextPage())}
      />
    </div>
  );
}
