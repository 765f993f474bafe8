import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeysResponseSchema, createdApiKeyResponseSchema, type ApiKeyScope } from '../../contract/api-keys.js';
import { messageResponseSchema } from '../../contract/auth.js';
import { messages } from '../../contract/messages.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.apiKeys;
const apiKeysQueryKey = (userId: number) => ['api-keys', userId] as const;

/** The seller's live API keys, masked, newest first. */
export function useApiKeysQuery() {
  const userId = useSellerId();
  return useQuery({
    queryKey: apiKeysQueryKey(userId ?? 0),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({ path: '/api-keys', query: { user_id: userId }, schema: apiKeysResponseSchema, fallbackMessage: m.loadFailed, signal }),
  });
}

function useRefreshApiKeys() {
  const queryClient = useQueryClient();
  const userId = useSellerId() ?? 0;
  return () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(userId) });
}

/** A new key: the answer carries it whole, this once. */
export function useCreateApiKeyMutation() {
  const userId = useSellerId();
  const refresh = useRefreshApiKeys();
  return useMutation({
    mutationFn: (request: { name: string; scopes: ApiKeyScope[] }) =>
      apiRequest({
        method: 'POST',
        path: '/api-keys',
        body: { ...request, user_id: userId },
        schema: createdApiKeyResponseSchema,
        fallbackMessage: m.createFailed,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteApiKeyMutation() {
  const userId = useSellerId();
  const refresh = useRefreshApiKeys();
  return useMutation({
    mutationFn: (keyId: number) =>
      apiRequest({
        method: 'DELETE',
        path: `/api-keys/${keyId}`,
        query: { user_id: userId },
        schema: messageResponseSchema,
        fallbackMessage: m.deleteFailed,
      }),
    onSuccess: refresh,
  });
}
