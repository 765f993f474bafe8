import { useEffect, useRef, useState } from 'react';
import { fillMessage, messages } from '../../contract/messages.js';
import { formatNumber } from '../lib/format.js';
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

/** 'Показано N из M' and the 'Показать ещё' button while more pages exist. */
export function ShowMore({ shown, total, hasMore, loading, onShowMore }: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onShowMore: () => void;
}) {
  return (
    <div className="show-more">
      {hasMore && (
        <p className="show-more__count">{fillMessage(messages.receiptScreens.shownOf, { shown: formatNumber(shown), total: formatNumber(total) })}</p>
      )}
      {hasMore && (
        <button type="button" className="button button--secondary" disabled={loading} onClick={onShowMore}>
          {loading ? messages.receiptScreens.loadingMore : messages.receipts.showMore}
        </button>
      )}
    </div>
  );
}
