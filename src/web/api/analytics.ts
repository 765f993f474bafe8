import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsResponseSchema, type AnalyticsPeriod } from '../../contract/analytics.js';
import { messages } from '../../contract/messages.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

export const analyticsQueryKey = (userId: number) => ['analytics', userId] as const;

export interface AnalyticsFilters {
  actionId: number | null;
  period: AnalyticsPeriod;
  /** Moscow days 'YYYY-MM-DD', for period 'range'. */
  from?: string;
  to?: string;
}

/** The seller's analytics for the filters; the previous figures stay while new ones load. */
export function useAnalyticsQuery({ actionId, period, from, to }: AnalyticsFilters) {
  const userId = useSellerId();
  const complete = period !== 'range' || (Boolean(from) && Boolean(to) && from! <= to!);
  return useQuery({
    queryKey: [...analyticsQueryKey(userId ?? 0), { actionId, period, from, to }],
    enabled: userId !== undefined && complete,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/analytics',
        query: {
          user_id: userId,
          project_id: actionId ?? undefined,
          period,
          from: period === 'range' ? from : undefined,
          to: period === 'range' ? to : undefined,
        },
        schema: analyticsResponseSchema,
        fallbackMessage: messages.analytics.loadFailed,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
