import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { botFeaturesResponseSchema, botFeaturesSavedSchema, type botFeaturesUpdateSchema } from '../../contract/bot-features.js';
import { botMenuSavedSchema, botMenuSchema } from '../../contract/bot-menu.js';
import { messages } from '../../contract/messages.js';
import type { z } from '../../contract/zod-setup.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.botFeaturesPage;
const botFeaturesQueryKey = (userId: number, actionId: number) => ['bot-features', userId, actionId] as const;
const botMenuQueryKey = (userId: number, actionId: number) => ['bot-menu', userId, actionId] as const;

/** The action's «Функции бота» settings, every section with its defaults. */
export function useBotFeaturesQuery(actionId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: botFeaturesQueryKey(userId ?? 0, actionId),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/projects/${actionId}/features`,
        query: { user_id: userId },
        schema: botFeaturesResponseSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
  });
}

export type BotFeaturesUpdate = Omit<z.input<typeof botFeaturesUpdateSchema>, 'user_id'>;

export function useSaveBotFeaturesMutation(actionId: number) {
  const userId = useSellerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: BotFeaturesUpdate) =>
      apiRequest({
        method: 'PUT',
        path: `/projects/${actionId}/features`,
        body: { ...update, user_id: userId },
        schema: botFeaturesSavedSchema,
        fallbackMessage: m.saveFailed,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(botFeaturesQueryKey(userId ?? 0, actionId), { features: saved.features });
      // A function switched on or off adds or takes away its menu buttons.
      void queryClient.invalidateQueries({ queryKey: botMenuQueryKey(userId ?? 0, actionId) });
    },
  });
}

/** The functions' buttons of the bot's menu in the order the bot shows them. */
export function useBotMenuQuery(actionId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: botMenuQueryKey(userId ?? 0, actionId),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/projects/${actionId}/bot-menu`,
        query: { user_id: userId },
        schema: botMenuSchema,
        fallbackMessage: messages.botFeatures.menuOrderLoadFailed,
        signal,
      }),
  });
}

export function useSaveBotMenuOrderMutation(actionId: number) {
  const userId = useSellerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: string[]) =>
      apiRequest({
        method: 'PUT',
        path: `/projects/${actionId}/bot-menu`,
        query: { user_id: userId },
        body: { order },
        schema: botMenuSavedSchema,
        fallbackMessage: messages.botFeatures.menuOrderSaveFailed,
      }),
    onSuccess: (saved) => queryClient.setQueryData(botMenuQueryKey(userId ?? 0, actionId), { entries: saved.entries }),
  });
}
