import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../contract/messages.js';
import {
  segmentBuyersResponseSchema,
  segmentDeletedResponseSchema,
  segmentListResponseSchema,
  segmentPreviewResponseSchema,
  segmentSavedResponseSchema,
} from '../../contract/segments.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.segments;
const segmentsQueryKey = (userId: number, actionId: number) => ['segments', userId, actionId] as const;

/** What the builder sends: the set conditions only (empty fields left out). */
export type SegmentConditionsDraft = Record<string, unknown>;

/** The action's segments with their current counts. */
export function useSegmentsQuery(actionId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: segmentsQueryKey(userId ?? 0, actionId),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/segments',
        query: { user_id: userId, project_id: actionId },
        schema: segmentListResponseSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
  });
}

/** The builder's live count; the last count stays on screen while the next one is asked for. */
export function useSegmentPreviewQuery(actionId: number, conditions: SegmentConditionsDraft | null) {
  const userId = useSellerId();
  return useQuery({
    queryKey: ['segment-preview', userId ?? 0, actionId, conditions],
    enabled: userId !== undefined && conditions !== null,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: ({ signal }) =>
      apiRequest({
        method: 'POST',
        path: '/segments/preview',
        body: { user_id: userId, project_id: actionId, conditions },
        schema: segmentPreviewResponseSchema,
        fallbackMessage: m.previewFailed,
        signal,
      }),
  });
}

export function useSegmentBuyersQuery(segmentId: number, page: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: ['segment-buyers', userId ?? 0, segmentId, page],
    enabled: userId !== undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/segments/${segmentId}/buyers`,
        query: { user_id: userId, page },
        schema: segmentBuyersResponseSchema,
        fallbackMessage: m.buyersFailed,
        signal,
      }),
  });
}

function useRefreshSegments(actionId: number) {
  const queryClient = useQueryClient();
  const userId = useSellerId() ?? 0;
  return () => queryClient.invalidateQueries({ queryKey: segmentsQueryKey(userId, actionId) });
}

/** A new segment (no id) or a changed one. */
export function useSaveSegmentMutation(actionId: number) {
  const userId = useSellerId();
  const refresh = useRefreshSegments(actionId);
  return useMutation({
    mutationFn: ({ id, name, conditions }: { id: number | null; name: string; conditions: SegmentConditionsDraft }) =>
      apiRequest({
        method: id === null ? 'POST' : 'PUT',
        path: id === null ? '/segments' : `/segments/${id}`,
        body: id === null ? { user_id: userId, project_id: actionId, name, conditions } : { user_id: userId, name, conditions },
        schema: segmentSavedResponseSchema,
        fallbackMessage: m.saveFailed,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteSegmentMutation(actionId: number) {
  const userId = useSellerId();
  const refresh = useRefreshSegments(actionId);
  return useMutation({
    mutationFn: (segmentId: number) =>
      apiRequest({
        method: 'DELETE',
        path: `/segments/${segmentId}`,
        query: { user_id: userId },
        schema: segmentDeletedResponseSchema,
        fallbackMessage: m.deleteFailed,
      }),
    onSuccess: refresh,
  });
}
