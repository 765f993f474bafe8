import { useEffect, useRef, useState } from 'react';
import { fillMessage, messages } from '../../contract/messages.js';
import { errorMessageOf } from '../api/api-error.js';
import { formatNumber } from '../lib/format.js';
import { Banner } from './banner.js';
import './show-more.css';

/**
 * After 'Показать ещё' the first new entry takes focus, so the keyboard continues
 * where the reading does (the button may disappear with the last page).
 * Give `focusRef` to the entry at `focusIndex`.
 */
export function useFocusFirstNew<T extends HTMLElement>(length: number) {
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const focusRef = useRef<T>(null);
  useEffect(() => {
    if (focusIndex === null || !focusRef.current) return;
    focusRef.current.focus();
    setFocusIndex(null);
  }, [focusIndex, length]);
  return {
    focusIndex,
    focusRef,
    /** Call with the load's promise; a failed load focuses nothing. */
    loadMore: (load: () => Promise<{ isError: boolean }>) => {
      setFocusIndex(length);
      void load().then((result) => {
        if (result.isError) setFocusIndex(null);
      });
    },
  };
}

/** The part of a TanStack infinite query 'Показать ещё' drives. */
interface PagedQuery {
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean }>;
}

/**
 * Under a paged list: a failed page's message (the rows already shown stay), then 'Показано
 * N из M' (when the list knows M) and the 'Показать ещё' button while more pages exist.
 * `loadMore` is useFocusFirstNew's.
 */
export function ShowMore({
  query,
  shown,
  total,
  failed,
  loadMore,
}: {
  query: PagedQuery;
  shown: number;
  /** Absent for a list paged by a cursor, which does not count every row. */
  total?: number;
  /** Shown when the server's answer carries no message of its own. */
  failed: string;
  loadMore: (load: () => Promise<{ isError: boolean }>) => void;
}) {
  const hasMore = query.hasNextPage;
  return (
    <>
      {query.isError && <Banner tone="error">{errorMessageOf(query.error, failed)}</Banner>}
      <div className="show-more">
        {hasMore && total !== undefined && (
          <p className="show-more__count">
            {fillMessage(messages.receiptScreens.shownOf, { shown: formatNumber(shown), total: formatNumber(total) })}
          </p>
        )}
        {hasMore && (
          <button
            type="button"
            className="button button--secondary"
            disabled={query.isFetchingNextPage}
            onClick={() => loadMore(() => query.fetchNextPage())}
          >
            {query.isFetchingNextPage ? messages.receiptScreens.loadingMore : messages.receipts.showMore}
          </button>
        )}
      </div>
    </>
  );
}
