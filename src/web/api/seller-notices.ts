import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../contract/messages.js';
import {
  noticeSettingsSchema,
  telegramLinkResponseSchema,
  type NoticeSettings,
  type SellerNoticeChannel,
  type SellerNoticeEvent,
} from '../../contract/seller-notices.js';
import { useAccountId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.sellerNotices;
const settingsKey = (userId: number) => ['seller-notices', userId] as const;

/** The profile's notice switches; while a Telegram link waits to be used, asked again every few seconds. */
export function useNoticeSettingsQuery(options: { awaitingLink: boolean }) {
  const userId = useAccountId();
  return useQuery<NoticeSettings>({
    queryKey: settingsKey(userId ?? 0),
    enabled: userId !== undefined,
    refetchInterval: (query) => (options.awaitingLink && !query.state.data?.telegram_link.linked ? 3_000 : false),
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/profile/notifications',
        scope: 'account',
        query: { user_id: userId },
        schema: noticeSettingsSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
  });
}

/** One switch, saved at once; the answer is the whole new state. */
export function useNoticeSwitchMutation() {
  const userId = useAccountId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, event, on }: { channel: SellerNoticeChannel; event: SellerNoticeEvent; on: boolean }) =>
      apiRequest({
        method: 'PUT',
        path: '/profile/notifications',
        scope: 'account',
        body: { user_id: userId, [channel]: { [event]: on } },
        schema: noticeSettingsSchema,
        fallbackMessage: m.saveFailed,
      }),
    onSuccess: (settings: NoticeSettings) => queryClient.setQueryData(settingsKey(settings.user_id), settings),
  });
}

export function useTelegramLinkMutation() {
  const userId = useAccountId();
  return useMutation({
    mutationFn: () =>
      apiRequest({
        method: 'POST',
        path: '/profile/telegram-link',
        scope: 'account',
        body: { user_id: userId },
        schema: telegramLinkResponseSchema,
        fallbackMessage: m.linkFailed,
      }),
  });
}
