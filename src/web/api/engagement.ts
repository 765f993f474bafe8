import { useQuery } from '@tanstack/react-query';
import { birthdayResultsSchema, dailyBonusResultsSchema } from '../../contract/engagement.js';
import { messages } from '../../contract/messages.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const failed = messages.engagement.loadFailed;

/** Who gave a birthday to the action's bot, who was greeted this month. */
export function useBirthdayResultsQuery(actionId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: ['birthday-results', userId ?? 0, actionId] as const,
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/projects/${actionId}/features/birthday/results`,
        query: { user_id: userId },
        schema: birthdayResultsSchema,
        fallbackMessage: failed,
        signal,
      }),
  });
}

/** The action's daily bonuses today and this month. */
export function useDailyBonusResultsQuery(actionId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: ['daily-bonus-results', userId ?? 0, actionId] as const,
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/projects/${actionId}/features/daily_bonus/results`,
        query: { user_id: userId },
        schema: dailyBonusResultsSchema,
        fallbackMessage: failed,
        signal,
      }),
  });
}
