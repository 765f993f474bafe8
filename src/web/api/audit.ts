import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { auditLogResponseSchema, type AuditAction } from '../../contract/audit.js';
import { messages } from '../../contract/messages.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

export interface AuditFilters {
  actor: number | null;
  action: AuditAction | null;
  from: string;
  to: string;
}

/** The filters as the call's query (the page's list and its CSV export). */
export function auditQuery(userId: number | undefined, filters: AuditFilters) {
  return {
    user_id: userId,
    actor: filters.actor ?? undefined,
    action: filters.action ?? undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

/** «Журнал действий»: newest first, a page at a time («Показать ещё»). */
export function useAuditLogQuery(filters: AuditFilters) {
  const userId = useSellerId();
  return useInfiniteQuery({
    queryKey: ['audit-log', userId ?? 0, filters],
    enabled: userId !== undefined,
    initialPageParam: undefined as number | undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ pageParam, signal }) =>
      apiRequest({
        path: '/audit-log',
        query: { ...auditQuery(userId, filters), before: pageParam },
        schema: auditLogResponseSchema,
        fallbackMessage: messages.audit.loadFailed,
        signal,
      }),
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
}
