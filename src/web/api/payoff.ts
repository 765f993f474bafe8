import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messages } from '../../contract/messages.js';
import { PAYOFF_PATHS, payoffResponseSchema, type PayoffGroup } from '../../contract/payoff.js';
import { useSellerId } from '../auth/session.js';
import { analyticsQueryKey } from './analytics.js';
import { apiRequest } from './client.js';

export interface PayoffFilters {
  actionId: number | null;
  group: PayoffGroup;
  /** Moscow days 'YYYY-MM-DD'; both empty: the last 30 days. */
  from: string;
  to: string;
}

/** The request's query, shared by the figures and their CSV files. */
export function payoffQuery(userId: number | undefined, { actionId, group, from, to }: PayoffFilters) {
  const range = from && to ? { from, to } : {};
  return { user_id: userId, project_id: actionId ?? undefined, group, ...range };
}

/**
 * «Окупаемость» for the filters. Under the analytics key, so a new receipt refreshes it with the
 * other figures; the previous figures stay while new ones load.
 */
export function usePayoffQuery(filters: PayoffFilters) {
  const userId = useSellerId();
  const complete = (!filters.from && !filters.to) || (Boolean(filters.from) && Boolean(filters.to) && filters.from <= filters.to);
  return useQuery({
    queryKey: [...analyticsQueryKey(userId ?? 0), 'payoff', filters],
    enabled: userId !== undefined && complete,
    queryFn: ({ signal }) =>
      apiRequest({
        path: PAYOFF_PATHS.report,
        query: payoffQuery(userId, filters),
        schema: payoffResponseSchema,
        fallbackMessage: messages.payoff.loadFailed,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
