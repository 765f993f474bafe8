import type { ReactNode } from 'react';
import { errorMessageOf } from '../api/api-error.js';
import { Banner } from './banner.js';
import { EmptyState, LoadingState } from './list-state.js';

/** The part of a TanStack query result this view reads. */
interface ViewedQuery<T> {
  isPending: boolean;
  data: T | undefined;
  error: unknown;
}

/**
 * A list's first load: loading, failed (only while nothing is cached: a failed refetch
 * keeps what is already shown), empty, or the content. Texts are the screen's own.
 */
export function QueryView<T>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: ViewedQuery<T>;
  loading: string;
  /** Shown when the server's answer carries no message of its own. */
  failed: string;
  /** The empty text (SPEC §2), shown when `when` finds nothing in the data. */
  empty?: { text: string; when: (data: T) => boolean };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState>{loading}</LoadingState>;
  if (query.data === undefined) return <Banner tone="error">{errorMessageOf(query.error, failed)}</Banner>;
  if (empty?.when(query.data)) return <EmptyState>{empty.text}</EmptyState>;
  return children(query.data);
}
