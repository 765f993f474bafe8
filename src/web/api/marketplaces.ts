import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../contract/messages.js';
import {
  marketplaceConnectionSchema,
  marketplaceListResponseSchema,
  marketplaceRemovedResponseSchema,
  type ConnectMarketplaceRequest,
  type MarketplaceConnection,
  type MarketplaceList,
} from '../../contract/marketplaces.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.marketplaces;
const marketplacesQueryKey = (userId: number) => ['marketplaces', userId] as const;
/** While an import goes on, its state is asked again this often. */
const IMPORT_POLL_MS = 5_000;
const inProgress = (connection: MarketplaceConnection) => ['queued', 'running', 'waiting'].includes(connection.import_status);

/** The seller's connected marketplaces with their imports' state. */
export function useMarketplacesQuery() {
  const userId = useSellerId();
  return useQuery<MarketplaceList>({
    queryKey: marketplacesQueryKey(userId ?? 0),
    enabled: userId !== undefined,
    refetchInterval: (query) => (query.state.data?.marketplaces.some(inProgress) ? IMPORT_POLL_MS : false),
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/marketplaces',
        query: { user_id: userId },
        schema: marketplaceListResponseSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
  });
}

function useRefreshMarketplaces() {
  const queryClient = useQueryClient();
  const userId = useSellerId() ?? 0;
  return () => queryClient.invalidateQueries({ queryKey: marketplacesQueryKey(userId) });
}

/** The request without `user_id`: the hook adds the session's. */
type ConnectDraft = ConnectMarketplaceRequest extends infer Request ? (Request extends unknown ? Omit<Request, 'user_id'> : never) : never;

export function useConnectMarketplaceMutation() {
  const userId = useSellerId();
  const refresh = useRefreshMarketplaces();
  return useMutation({
    mutationFn: (draft: ConnectDraft) =>
      apiRequest({ method: 'POST', path: '/marketplaces', body: { user_id: userId, ...draft }, schema: marketplaceConnectionSchema }),
    onSuccess: refresh,
  });
}

/** «Обновить сейчас». */
export function useImportMarketplaceMutation() {
  const userId = useSellerId();
  const refresh = useRefreshMarketplaces();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest({ method: 'POST', path: `/marketplaces/${id}/import`, body: { user_id: userId }, schema: marketplaceConnectionSchema }),
    onSuccess: refresh,
  });
}

export function useRemoveMarketplaceMutation() {
  const userId = useSellerId();
  const refresh = useRefreshMarketplaces();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest({ method: 'DELETE', path: `/marketplaces/${id}`, query: { user_id: userId }, schema: marketplaceRemovedResponseSchema }),
    onSuccess: refresh,
  });
}
