import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messages } from '../../contract/messages.js';
import { moderationDecisionResponseSchema, moderationPendingSchema, moderationQueueSchema } from '../../contract/moderation.js';
import { sessionStore, useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.moderation;

const moderationKey = (userId: number) => ['moderation', userId] as const;
const queueKey = (userId: number, actionId: number) => [...moderationKey(userId), actionId] as const;
const pendingKey = (userId: number) => [...moderationKey(userId), 'pending'] as const;
/** A shopper's picture comes in whenever they send it: the sidebar's count looks again this often (as «Сообщения»). */
const PENDING_REFRESH_MS = 30_000;

/** The sidebar's badge: items waiting in all of the seller's actions. */
export function usePendingModerationCount(): number {
  const userId = useSellerId();
  const query = useQuery({
    queryKey: pendingKey(userId ?? 0),
    enabled: userId !== undefined,
    refetchInterval: PENDING_REFRESH_MS,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/moderation/pending',
        query: { user_id: userId },
        schema: moderationPendingSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
  });
  return query.data?.pending ?? 0;
}

/** The action's queue of reviews' screenshots and photos with the product, pending first, a page at a time («Показать ещё»). */
export function useModerationQueueQuery(actionId: number | null) {
  const userId = useSellerId();
  return useInfiniteQuery({
    queryKey: queueKey(userId ?? 0, actionId ?? 0),
    enabled: userId !== undefined && actionId !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest({
        path: '/moderation',
        query: { user_id: userId, project_id: actionId ?? undefined, cursor: pageParam },
        schema: moderationQueueSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** «Одобрить» (no reason) or «Отклонить» (with the reason the shopper is told); the queue is read again after. */
export function useModerationDecisionMutation(actionId: number) {
  const userId = useSellerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { itemId: number; reject?: { reason: string } }) =>
      apiRequest({
        method: 'POST',
        path: `/moderation/${decision.itemId}/${decision.reject ? 'reject' : 'approve'}`,
        body: { user_id: userId, ...decision.reject },
        schema: moderationDecisionResponseSchema,
        fallbackMessage: m.decideFailed,
      }),
    // The action's queue and the sidebar's count.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queueKey(userId ?? 0, actionId) }),
        queryClient.invalidateQueries({ queryKey: pendingKey(userId ?? 0) }),
      ]),
  });
}

/**
 * An item's picture as an object URL: it is an API call with the session's token (never in the
 * address), so only the action's seller sees it. undefined while loading, null when it failed.
 */
export function useModerationPicture(imageUrl: string): string | null | undefined {
  const [objectUrl, setObjectUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    let created: string | undefined;
    const token = sessionStore.getState().session?.token;
    fetch(imageUrl, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => {
        if (!controller.signal.aborted) setObjectUrl(null);
      });
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [imageUrl]);
  return objectUrl;
}
