import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseTickets } from '../../contract/draw-fairness.js';
import {
  drawListResponseSchema,
  drawResponseSchema,
  drawSavedResponseSchema,
  handedOverResponseSchema,
  publicDrawSchema,
  publicDrawTicketsPageSchema,
  type CreateDrawRequest,
} from '../../contract/draws.js';
import { messages } from '../../contract/messages.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.draws;
const drawsQueryKey = (userId: number, actionId: number) => ['draws', userId, actionId] as const;

/** An action's draws, newest first. */
export function useDrawsQuery(actionId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: drawsQueryKey(userId ?? 0, actionId),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/draws',
        query: { user_id: userId, project_id: actionId },
        schema: drawListResponseSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
  });
}

/** One draw with its tickets and winners: the list shows winners of closed draws. */
export function useDrawQuery(drawId: number, enabled: boolean) {
  const userId = useSellerId();
  return useQuery({
    queryKey: ['draw', userId ?? 0, drawId],
    enabled: enabled && userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/draws/${drawId}`,
        query: { user_id: userId },
        schema: drawResponseSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
  });
}

function useRefreshDraws() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['draws'] }), queryClient.invalidateQueries({ queryKey: ['draw'] })]);
}

export function useCreateDrawMutation() {
  const userId = useSellerId();
  const refresh = useRefreshDraws();
  return useMutation({
    mutationFn: (request: Omit<CreateDrawRequest, 'user_id'>) =>
      apiRequest({
        method: 'POST',
        path: '/draws',
        body: { ...request, user_id: userId },
        schema: drawSavedResponseSchema,
        fallbackMessage: m.saveFailed,
      }),
    onSuccess: refresh,
  });
}

export function useCloseDrawMutation() {
  const userId = useSellerId();
  const refresh = useRefreshDraws();
  return useMutation({
    mutationFn: (drawId: number) =>
      apiRequest({
        method: 'POST',
        path: `/draws/${drawId}/close`,
        body: { user_id: userId },
        schema: drawSavedResponseSchema,
        fallbackMessage: m.saveFailed,
      }),
    onSuccess: refresh,
  });
}

export function useStopRepeatingMutation() {
  const userId = useSellerId();
  const refresh = useRefreshDraws();
  return useMutation({
    mutationFn: (drawId: number) =>
      apiRequest({
        method: 'POST',
        path: `/draws/${drawId}/stop-repeating`,
        body: { user_id: userId },
        schema: drawSavedResponseSchema,
        fallbackMessage: m.saveFailed,
      }),
    onSuccess: refresh,
  });
}

export function useHandOverMutation(drawId: number) {
  const userId = useSellerId();
  const refresh = useRefreshDraws();
  return useMutation({
    mutationFn: (ticket: number) =>
      apiRequest({
        method: 'POST',
        path: `/draws/${drawId}/winners/${ticket}/handed-over`,
        body: { user_id: userId },
        schema: handedOverResponseSchema,
        fallbackMessage: m.saveFailed,
      }),
    onSuccess: refresh,
  });
}

/** The public page's draw: no sign-in. */
export function usePublicDrawQuery(drawId: number) {
  return useQuery({
    queryKey: ['public-draw', drawId],
    queryFn: ({ signal }) =>
      apiRequest({ path: `/public/draws/${drawId}`, auth: 'none', schema: publicDrawSchema, fallbackMessage: m.publicFailed, signal }),
  });
}

/** A page of the public list from the ticket numbered `from`; the page shown stays while the next loads. */
export function usePublicDrawTicketsQuery(drawId: number, from: number) {
  return useQuery({
    queryKey: ['public-draw-tickets', drawId, from],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/public/draws/${drawId}/tickets`,
        query: { from },
        auth: 'none',
        schema: publicDrawTicketsPageSchema,
        fallbackMessage: m.publicFailed,
        signal,
      }),
  });
}

/**
 * A frozen draw's whole list, to re-compute the draw in the browser: its text, not JSON (the text
 * is what `tickets_hash` is the SHA-256 of), fetched only when the page asks for it.
 */
export function useDrawTicketsListQuery(ticketsUrl: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['draw-tickets-list', ticketsUrl],
    enabled: enabled && ticketsUrl !== null,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const response = await fetch(ticketsUrl!, { signal });
      if (!response.ok) throw new Error(m.publicFailed);
      return parseTickets(await response.text());
    },
  });
}
