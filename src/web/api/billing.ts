import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../contract/auth.js';
import {
  BILLING_SETTING_KEYS,
  operationsResponseSchema,
  settingValueSchema,
  type BillingSettingKey,
} from '../../contract/billing.js';
import { messages } from '../../contract/messages.js';
import { z } from '../../contract/zod-setup.js';
import { useSessionState } from '../auth/session.js';
import { profileQueryKey } from './auth.js';
import { actionsQueryKey } from './actions.js';
import { apiRequest } from './client.js';

export type BillingSettings = Record<BillingSettingKey, number>;

/** `z.record` over an enum wants every key: an answer missing a price is a failed answer. */
const allSettingsSchema = z
  .record(z.enum(BILLING_SETTING_KEYS), settingValueSchema)
  .transform((settings) => Object.fromEntries(BILLING_SETTING_KEYS.map((key) => [key, settings[key].value])) as BillingSettings);

/** Every price (activation, subscription, the seven receipt tiers) in one call; prices change rarely. */
export function useBillingSettingsQuery() {
  return useQuery({
    queryKey: ['billing-settings'],
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/billing/settings',
        query: { setting_key: BILLING_SETTING_KEYS.join(',') },
        schema: allSettingsSchema,
        auth: 'none',
        fallbackMessage: messages.billing.tariffsLoadFailed,
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

/** Activation charges the balance; afterwards the profile (balance, is_activated) and the list reload (SPEC §4). */
export function useActivateMutation() {
  const queryClient = useQueryClient();
  const userId = useSessionState().session?.user.id;
  return useMutation({
    mutationFn: () =>
      apiRequest({
        method: 'POST',
        path: '/activate',
        body: { user_id: userId },
        schema: messageResponseSchema,
        fallbackMessage: messages.billing.activationFailed,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey(userId ?? 0) }),
        queryClient.invalidateQueries({ queryKey: actionsQueryKey(userId ?? 0) }),
      ]),
  });
}

export const OPERATIONS_PAGE_SIZE = 20;

/**
 * The balance statement, newest first, a page at a time ('Показать ещё'). Refetched on
 * every visit (stale at once), so charges made on other screens need no invalidation.
 */
export function useOperationsQuery() {
  const userId = useSessionState().session?.user.id;
  return useInfiniteQuery({
    queryKey: ['balance-operations', userId ?? 0],
    enabled: userId !== undefined,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiRequest({
        path: '/balance/operations',
        query: { user_id: userId, page: pageParam, limit: OPERATIONS_PAGE_SIZE },
        schema: operationsResponseSchema,
        fallbackMessage: messages.billing.operationsLoadFailed,
        signal,
      }),
    getNextPageParam: ({ pagination }) => (pagination.has_next ? pagination.current_page + 1 : undefined),
  });
}
