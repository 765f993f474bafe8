import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../contract/messages.js';
import {
  addPromoCodesResponseSchema,
  promoCodeSettingsResponseSchema,
  promoCodesResponseSchema,
  type PromoCodeRule,
} from '../../contract/promo-codes.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.promoCodes;
const promoCodesQueryKey = (userId: number, actionId: number) => ['promo-codes', userId, actionId] as const;

/** An action's rule, pool counts and newest issued codes. */
export function usePromoCodesQuery(actionId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: promoCodesQueryKey(userId ?? 0, actionId),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/projects/${actionId}/promo-codes`,
        query: { user_id: userId },
        schema: promoCodesResponseSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
  });
}

function useRefreshPromoCodes(actionId: number) {
  const queryClient = useQueryClient();
  const userId = useSellerId() ?? 0;
  return () => queryClient.invalidateQueries({ queryKey: promoCodesQueryKey(userId, actionId) });
}

/** Uploaded codes (pasted or from a file) or a generated batch. */
export function useAddPromoCodesMutation(actionId: number) {
  const userId = useSellerId();
  const refresh = useRefreshPromoCodes(actionId);
  return useMutation({
    mutationFn: (request: { codes: string[] } | { generate: { prefix: string; count: number } }) =>
      apiRequest({
        method: 'POST',
        path: `/projects/${actionId}/promo-codes`,
        body: { ...request, user_id: userId },
        schema: addPromoCodesResponseSchema,
        fallbackMessage: m.saveFailed,
      }),
    onSuccess: refresh,
  });
}

export function useSavePromoCodeRuleMutation(actionId: number) {
  const userId = useSellerId();
  const refresh = useRefreshPromoCodes(actionId);
  return useMutation({
    mutationFn: (rule: PromoCodeRule) =>
      apiRequest({
        method: 'PUT',
        path: `/projects/${actionId}/promo-codes/settings`,
        body: { rule, user_id: userId },
        schema: promoCodeSettingsResponseSchema,
        fallbackMessage: m.saveFailed,
      }),
    onSuccess: refresh,
  });
}
