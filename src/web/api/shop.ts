import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../contract/auth.js';
import { messages } from '../../contract/messages.js';
import {
  orderActionResponseSchema,
  ordersResponseSchema,
  productResponseSchema,
  productsResponseSchema,
  shopSettingsResponseSchema,
  type CreateProductRequest,
  type ShopOrder,
  type ShopProduct,
  type ShopSettingsRequest,
  type UpdateProductRequest,
} from '../../contract/shop.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.shop;
const s = messages.shopScreen;

/** New exchange requests appear without a reload: the seller hands out goods from this list. */
export const ORDERS_REFRESH_MS = 15_000;

const settingsKey = (userId: number, projectId: number) => ['shop-settings', userId, projectId] as const;
const productsKey = (userId: number, projectId: number) => ['shop-products', userId, projectId] as const;
const ordersKey = (userId: number, projectId: number) => ['shop-orders', userId, projectId] as const;

/** The action's shop settings and link (the server creates them on first look). */
export function useShopSettingsQuery(projectId: number | null) {
  const userId = useSellerId() ?? 0;
  return useQuery({
    queryKey: settingsKey(userId, projectId ?? 0),
    enabled: userId !== 0 && projectId !== null,
    queryFn: async ({ signal }) =>
      (
        await apiRequest({
          path: '/shop/settings',
          query: { user_id: userId, project_id: projectId ?? undefined },
          schema: shopSettingsResponseSchema,
          fallbackMessage: m.loadFailed,
          signal,
        })
      ).settings,
  });
}

export type ShopSettingsDraft = Omit<ShopSettingsRequest, 'user_id' | 'project_id'>;

/** Saves the settings, or (`regenerate_token`) replaces the link; the answer's message is shown. */
export function useSaveShopSettingsMutation(projectId: number) {
  const userId = useSellerId() ?? 0;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ShopSettingsDraft) =>
      apiRequest({
        method: 'POST',
        path: '/shop/settings',
        body: { ...draft, user_id: userId, project_id: projectId },
        schema: shopSettingsResponseSchema,
        fallbackMessage: draft.regenerate_token ? m.linkRegenerateFailed : m.settingsSaveFailed,
      }),
    onSuccess: ({ settings }) => queryClient.setQueryData(settingsKey(userId, projectId), settings),
  });
}

/** The action's products in the seller's order. */
export function useShopProductsQuery(projectId: number | null) {
  const userId = useSellerId() ?? 0;
  return useQuery({
    queryKey: productsKey(userId, projectId ?? 0),
    enabled: userId !== 0 && projectId !== null,
    queryFn: async ({ signal }) =>
      (
        await apiRequest({
          path: '/shop/products',
          query: { user_id: userId, project_id: projectId ?? undefined },
          schema: productsResponseSchema,
          fallbackMessage: m.loadFailed,
          signal,
        })
      ).products,
  });
}

function useRefreshProducts(projectId: number) {
  const userId = useSellerId() ?? 0;
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productsKey(userId, projectId) });
}

export type ProductFields = Omit<CreateProductRequest, 'user_id' | 'project_id'>;

export function useCreateProductMutation(projectId: number) {
  const userId = useSellerId() ?? 0;
  const refresh = useRefreshProducts(projectId);
  return useMutation({
    mutationFn: (fields: ProductFields) =>
      apiRequest({
        method: 'POST',
        path: '/shop/products',
        body: { ...fields, user_id: userId, project_id: projectId },
        schema: productResponseSchema,
        fallbackMessage: m.productSaveFailed,
      }),
    onSuccess: refresh,
  });
}

/** Changes some fields of a product: the whole form, or only `is_active` (hide / show). */
export function useUpdateProductMutation(projectId: number) {
  const userId = useSellerId() ?? 0;
  const refresh = useRefreshProducts(projectId);
  return useMutation({
    mutationFn: ({
      id,
      fields,
      fallbackMessage,
    }: {
      id: number;
      fields: Omit<UpdateProductRequest, 'user_id' | 'project_id'>;
      fallbackMessage: string;
    }) =>
      apiRequest({
        method: 'PUT',
        path: `/shop/products/${id}`,
        body: { ...fields, user_id: userId, project_id: projectId },
        schema: productResponseSchema,
        fallbackMessage,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteProductMutation(projectId: number) {
  const userId = useSellerId() ?? 0;
  const refresh = useRefreshProducts(projectId);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest({
        method: 'DELETE',
        path: `/shop/products/${id}`,
        query: { user_id: userId, project_id: projectId },
        schema: messageResponseSchema,
        fallbackMessage: m.productDeleteFailed,
      }),
    onSuccess: refresh,
  });
}

/** Moves a product one place; the answer is the whole list in its new order. */
export function useReorderProductMutation(projectId: number) {
  const userId = useSellerId() ?? 0;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, direction }: { productId: number; direction: 'up' | 'down' }) =>
      apiRequest({
        method: 'POST',
        path: '/shop/products/reorder',
        body: { user_id: userId, project_id: projectId, product_id: productId, direction },
        schema: productsResponseSchema,
        fallbackMessage: m.productReorderFailed,
      }),
    onSuccess: ({ products }) => queryClient.setQueryData<ShopProduct[]>(productsKey(userId, projectId), products),
  });
}

/** Exchange requests, newest first; asked for again on focus and every 15 s. */
export function useShopOrdersQuery(projectId: number | null) {
  const userId = useSellerId() ?? 0;
  return useQuery({
    queryKey: ordersKey(userId, projectId ?? 0),
    enabled: userId !== 0 && projectId !== null,
    queryFn: async ({ signal }) =>
      (
        await apiRequest({
          path: '/shop/orders',
          query: { user_id: userId, project_id: projectId ?? undefined },
          schema: ordersResponseSchema,
          fallbackMessage: s.ordersLoadFailed,
          signal,
        })
      ).orders,
    refetchOnWindowFocus: true,
    refetchInterval: ORDERS_REFRESH_MS,
  });
}

/** Closes a pending request: `fulfil` (handed out) or `cancel` (the points go back). */
export function useCloseOrderMutation(projectId: number) {
  const userId = useSellerId() ?? 0;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, action }: { orderId: number; action: 'fulfil' | 'cancel' }) =>
      apiRequest({
        method: 'POST',
        path: `/shop/orders/${orderId}/${action}`,
        body: { user_id: userId },
        schema: orderActionResponseSchema,
        fallbackMessage: action === 'fulfil' ? s.fulfilFailed : s.cancelOrderFailed,
      }),
    onSuccess: ({ order }) => {
      queryClient.setQueryData<ShopOrder[]>(ordersKey(userId, projectId), (orders) =>
        orders?.map((current) => (current.id === order.id ? order : current)),
      );
      return queryClient.invalidateQueries({ queryKey: ordersKey(userId, projectId) });
    },
  });
}
