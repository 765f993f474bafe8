import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  actionListResponseSchema,
  actionResponseSchema,
  createActionResponseSchema,
  renewActionResponseSchema,
  type Action,
  type ActionSettings,
  apiKeyResponseSchema,
} from '../../contract/actions.js';
import { messageResponseSchema } from '../../contract/auth.js';
import { messages } from '../../contract/messages.js';
import { useSellerId } from '../auth/session.js';
import { profileQueryKey } from './auth.js';
import { apiRequest } from './client.js';

const m = messages.actions;

/** The answer of POST /projects/{id}/api-key (the server declares it inline). */

export const actionsQueryKey = (userId: number) => ['actions', userId] as const;
const actionQueryKey = (userId: number, actionId: number) => ['actions', userId, actionId] as const;

/** Every change of an action may change the list, the action itself and (charges) the balance. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  const userId = useSellerId() ?? 0;
  return ({ balance }: { balance: boolean }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: actionsQueryKey(userId) }),
      balance ? queryClient.invalidateQueries({ queryKey: profileQueryKey(userId) }) : undefined,
    ]);
}

/** The seller's live actions (My actions, the top bar's count). */
export function useActionsQuery() {
  const userId = useSellerId();
  return useQuery({
    queryKey: actionsQueryKey(userId ?? 0),
    enabled: userId !== undefined,
    queryFn: async ({ signal }) =>
      (
        await apiRequest({
          path: '/projects',
          query: { user_id: userId },
          schema: actionListResponseSchema,
          fallbackMessage: messages.common.dashboardLoadFailed,
          signal,
        })
      ).projects,
  });
}

/** Live actions, then deleted ones (`is_deleted`): the history and buyers filters, whose receipts outlive an action. */
export function useActionsWithDeletedQuery() {
  const userId = useSellerId();
  return useQuery({
    // Under actionsQueryKey: every change of an action refreshes this list too.
    queryKey: [...actionsQueryKey(userId ?? 0), 'with-deleted'] as const,
    enabled: userId !== undefined,
    queryFn: async ({ signal }) =>
      (
        await apiRequest({
          path: '/projects',
          query: { user_id: userId, include_deleted: 1 },
          schema: actionListResponseSchema,
          fallbackMessage: messages.common.dashboardLoadFailed,
          signal,
        })
      ).projects,
  });
}

export function useActionQuery(actionId: number | null) {
  const userId = useSellerId();
  return useQuery({
    queryKey: actionQueryKey(userId ?? 0, actionId ?? 0),
    enabled: userId !== undefined && actionId !== null,
    queryFn: async ({ signal }) =>
      (
        await apiRequest({
          path: `/projects/${actionId}`,
          query: { user_id: userId },
          schema: actionResponseSchema,
          fallbackMessage: m.loadFailed,
          signal,
        })
      ).project,
  });
}

/** Creating charges the first 30 days; the profile refresh shows the new balance (SPEC §7). */
export function useCreateActionMutation() {
  const userId = useSellerId();
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (settings: ActionSettings) =>
      apiRequest({
        method: 'POST',
        path: '/projects',
        body: { ...settings, user_id: userId },
        schema: createActionResponseSchema,
        fallbackMessage: m.createFailed,
      }),
    onSuccess: () => refresh({ balance: true }),
  });
}

export function useUpdateActionMutation(actionId: number) {
  const userId = useSellerId();
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (settings: ActionSettings) =>
      apiRequest({
        method: 'PUT',
        path: `/projects/${actionId}`,
        body: { ...settings, user_id: userId },
        schema: messageResponseSchema,
        fallbackMessage: m.saveFailed,
      }),
    onSuccess: () => refresh({ balance: false }),
  });
}

export function useDeleteActionMutation() {
  const userId = useSellerId();
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (action: Pick<Action, 'id'>) =>
      apiRequest({
        method: 'DELETE',
        path: `/projects/${action.id}`,
        query: { user_id: userId },
        schema: messageResponseSchema,
        fallbackMessage: m.deleteFailed,
      }),
    onSuccess: async (_answer, action) => {
      // The deleted action cannot be read any more: drop it instead of refetching a 404.
      queryClient.removeQueries({ queryKey: actionQueryKey(userId ?? 0, action.id) });
      await refresh({ balance: false });
    },
  });
}

/** Another 30 days, charged from the balance. */
export function useRenewActionMutation() {
  const userId = useSellerId();
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (action: Pick<Action, 'id'>) =>
      apiRequest({
        method: 'POST',
        path: `/projects/${action.id}/renew`,
        query: { user_id: userId },
        schema: renewActionResponseSchema,
        fallbackMessage: messages.actionScreens.renewFailed,
      }),
    onSuccess: () => refresh({ balance: true }),
  });
}

/** A new key for the bot platform; the old one stops working at once. */
export function useRegenerateApiKeyMutation(actionId: number) {
  const userId = useSellerId();
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: () =>
      apiRequest({
        method: 'POST',
        path: `/projects/${actionId}/api-key`,
        query: { user_id: userId },
        schema: apiKeyResponseSchema,
        fallbackMessage: messages.actionScreens.regenerateFailed,
      }),
    onSuccess: () => refresh({ balance: false }),
  });
}
