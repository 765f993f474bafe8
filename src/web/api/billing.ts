import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../contract/auth.js';
import {
  BILLING_SETTING_KEYS,
  settingValueSchema,
  statementChargesResponseSchema,
  statementResponseSchema,
  type BillingSettingKey,
  type StatementLine,
} from '../../contract/billing.js';
import { messages } from '../../contract/messages.js';
import { z } from '../../contract/zod-setup.js';
import { useSellerId } from '../auth/session.js';
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
  const userId = useSellerId();
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

export const STATEMENT_PAGE_SIZE = 20;
export const STATEMENT_CHARGES_PAGE_SIZE = 50;

export const balanceStatementQueryKey = (userId: number) => ['balance-statement', userId] as const;

/**
 * The balance statement, newest first, a page at a time ('Показать ещё'), receipt charges
 * folded per day. Refetched on every visit (stale at once), so charges made on other screens
 * need no invalidation.
 */
export function useStatementQuery() {
  const userId = useSellerId();
  return useInfiniteQuery({
    queryKey: balanceStatementQueryKey(userId ?? 0),
    enabled: userId !== undefined,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest({
        path: '/balance/statement',
        query: { user_id: userId, before: pageParam, limit: STATEMENT_PAGE_SIZE },
        schema: statementResponseSchema,
        fallbackMessage: messages.billing.operationsLoadFailed,
        signal,
      }),
    getNextPageParam: ({ next_before }) => next_before ?? undefined,
  });
}

/** The charges behind one folded statement line, loaded when the seller opens it. */
export function useStatementChargesQuery(line: Pick<StatementLine, 'id' | 'first_id'>, enabled: boolean) {
  const userId = useSellerId();
  return useInfiniteQuery({
    queryKey: [...balanceStatementQueryKey(userId ?? 0), 'charges', line.first_id, line.id],
    enabled: enabled && userId !== undefined,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest({
        path: '/balance/statement/charges',
        query: { user_id: userId, from_id: line.first_id, to_id: line.id, before: pageParam, limit: STATEMENT_CHARGES_PAGE_SIZE },
        schema: statementChargesResponseSchema,
        fallbackMessage: messages.billing.operationsLoadFailed,
        signal,
      }),
    getNextPageParam: ({ next_before }) => next_before ?? undefined,
  });
}
