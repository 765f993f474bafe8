import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { messages } from '../../contract/messages.js';
import { depositResponseSchema, type DepositRequest } from '../../contract/payments.js';
import { useSellerId } from '../auth/session.js';
import { profileQueryKey } from './auth.js';
import { balanceStatementQueryKey } from './billing.js';
import { apiRequest } from './client.js';

/** Creates an invoice and answers the provider's payment link (SPEC §7 POST /balance/deposit). */
export function useDepositMutation() {
  return useMutation({
    mutationFn: ({ userId, amount }: { userId: number; amount: number }) =>
      apiRequest({
        method: 'POST',
        path: '/balance/deposit',
        body: { user_id: userId, amount, enable_recurring: false } satisfies DepositRequest,
        schema: depositResponseSchema,
        fallbackMessage: messages.payments.linkFailed,
      }),
  });
}

/** After a payment the balance has changed on the server: profile and statement are fetched again (SPEC §4). */
export function useRefreshBalance(): () => Promise<void> {
  const queryClient = useQueryClient();
  const userId = useSellerId() ?? 0;
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: profileQueryKey(userId) }),
      queryClient.invalidateQueries({ queryKey: balanceStatementQueryKey(userId) }),
    ]);
  }, [queryClient, userId]);
}
