import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../contract/auth.js';
import { messages } from '../../contract/messages.js';
import {
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointResponseSchema,
  webhookEndpointsResponseSchema,
  webhookSecretResponseSchema,
  type WebhookDelivery,
  type WebhookEndpointRequest,
} from '../../contract/webhooks.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.webhooks;
const webhooksKey = (userId: number) => ['webhooks', userId] as const;
const deliveriesKey = (userId: number, endpointId: number) => ['webhooks', userId, endpointId, 'deliveries'] as const;

/** The seller's endpoints (never their secrets). */
export function useWebhooksQuery() {
  const userId = useSellerId();
  return useQuery({
    queryKey: webhooksKey(userId ?? 0),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/webhooks',
        query: { user_id: userId },
        schema: webhookEndpointsResponseSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
  });
}

/** How often the deliveries are read again while one waits to be sent. */
const PENDING_REFRESH_MS = 2_000;

/** An endpoint's newest deliveries, read again while any of them is still on its way. */
export function useWebhookDeliveriesQuery(endpointId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: deliveriesKey(userId ?? 0, endpointId),
    enabled: userId !== undefined,
    refetchInterval: (query: { state: { data?: { deliveries: WebhookDelivery[] } } }) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/webhooks/${endpointId}/deliveries`,
        query: { user_id: userId },
        schema: webhookDeliveriesResponseSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
  });
}

/** Refreshes the list and every endpoint's deliveries after a change. */
function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  const userId = useSellerId() ?? 0;
  return () => queryClient.invalidateQueries({ queryKey: webhooksKey(userId) });
}

/** Adds an endpoint (`id` null) or replaces one; a new one answers its secret. */
export function useSaveWebhookMutation() {
  const userId = useSellerId();
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: async ({ id, request }: { id: number | null; request: WebhookEndpointRequest }) => {
      const body = { ...request, user_id: userId };
      if (id !== null) {
        await apiRequest({
          method: 'PUT',
          path: `/webhooks/${id}`,
          body,
          schema: webhookEndpointResponseSchema,
          fallbackMessage: m.saveFailed,
        });
        return { secret: null };
      }
      const created = await apiRequest({
        method: 'POST',
        path: '/webhooks',
        body,
        schema: webhookSecretResponseSchema,
        fallbackMessage: m.saveFailed,
      });
      return { secret: created.secret };
    },
    onSuccess: refresh,
  });
}

export function useDeleteWebhookMutation() {
  const userId = useSellerId();
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest({
        method: 'DELETE',
        path: `/webhooks/${id}`,
        query: { user_id: userId },
        schema: messageResponseSchema,
        fallbackMessage: m.actionFailed,
      }),
    onSuccess: refresh,
  });
}

/** «Сменить секрет»: answers the new secret, shown once. */
export function useRotateWebhookSecretMutation() {
  const userId = useSellerId();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest({
        method: 'POST',
        path: `/webhooks/${id}/secret`,
        body: { user_id: userId },
        schema: webhookSecretResponseSchema,
        fallbackMessage: m.actionFailed,
      }),
  });
}

/** «Тестовое событие» and «Отправить снова»: a delivery queued for one endpoint. */
export function useQueueDeliveryMutation(endpointId: number) {
  const userId = useSellerId();
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (deliveryId: number | null) =>
      apiRequest({
        method: 'POST',
        path: deliveryId === null ? `/webhooks/${endpointId}/test` : `/webhooks/${endpointId}/deliveries/${deliveryId}/resend`,
        body: { user_id: userId },
        schema: webhookDeliveryResponseSchema,
        fallbackMessage: m.actionFailed,
      }),
    onSuccess: refresh,
  });
}
