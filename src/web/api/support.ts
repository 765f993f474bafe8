import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../contract/messages.js';
import {
  supportActionResponseSchema,
  supportThreadListSchema,
  supportThreadSchema,
  type SupportThreadStatus,
} from '../../contract/support.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.support;
/** A shopper's message comes in whenever they write: the list and the badge look again this often. */
const REFRESH_MS = 30_000;
/** An open thread looks again sooner: the reply's delivery and the shopper's answer come in seconds. */
const THREAD_REFRESH_MS = 5_000;

const supportKey = (userId: number) => ['support', userId] as const;

/**
 * The seller's threads, newest activity first, a page at a time («Показать ещё», by the server's
 * cursor), with the number of unanswered ones.
 */
export function useSupportThreadsQuery(filter: { actionId: number | null; status: SupportThreadStatus | null }) {
  const userId = useSellerId();
  return useInfiniteQuery({
    queryKey: [...supportKey(userId ?? 0), 'threads', filter.actionId ?? 0, filter.status ?? ''],
    enabled: userId !== undefined,
    refetchInterval: REFRESH_MS,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest({
        path: '/support/threads',
        query: { user_id: userId, project_id: filter.actionId ?? undefined, status: filter.status ?? undefined, cursor: pageParam },
        schema: supportThreadListSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** The sidebar's badge: unanswered threads in every action (the count comes with a page of one thread). */
export function useUnansweredSupportCount(): number {
  const userId = useSellerId();
  const query = useQuery({
    queryKey: [...supportKey(userId ?? 0), 'unanswered'],
    enabled: userId !== undefined,
    refetchInterval: REFRESH_MS,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/support/threads',
        query: { user_id: userId, status: 'open', limit: 1 },
        schema: supportThreadListSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
  });
  return query.data?.unanswered ?? 0;
}

export function useSupportThreadQuery(threadId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: [...supportKey(userId ?? 0), 'thread', threadId],
    enabled: userId !== undefined,
    refetchInterval: THREAD_REFRESH_MS,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/support/threads/${threadId}`,
        query: { user_id: userId },
        schema: supportThreadSchema,
        fallbackMessage: m.threadLoadFailed,
        signal,
      }),
  });
}

/** «Отправить» (a reply) or «Закрыть диалог»; the thread, the list and the badge are read again after. */
export function useSupportThreadMutation(threadId: number) {
  const userId = useSellerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { reply: string } | { close: true }) =>
      apiRequest({
        method: 'POST',
        path: `/support/threads/${threadId}/${'reply' in change ? 'reply' : 'close'}`,
        body: { user_id: userId, ...('reply' in change && { text: change.reply }) },
        schema: supportActionResponseSchema,
        fallbackMessage: 'reply' in change ? m.replyFailed : m.closeFailed,
      }),
    onSuccess: (answer) => queryClient.setQueryData([...supportKey(userId ?? 0), 'thread', threadId], answer.thread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKey(userId ?? 0) }),
  });
}
