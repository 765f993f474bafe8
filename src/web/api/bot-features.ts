import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { botFeaturesResponseSchema, botFeaturesSavedSchema, type botFeaturesUpdateSchema } from '../../contract/bot-features.js';
import { messages } from '../../contract/messages.js';
import type { z } from '../../contract/zod-setup.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.botFeaturesPage;
const botFeaturesQueryKey = (userId: number, actionId: number) => ['bot-features', userId, actionId] as const;

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
    onSuccess: (saved) => queryClient.setQueryData(botFeaturesQueryKey(userId ?? 0, actionId), { features: saved.features }),
  });
}
