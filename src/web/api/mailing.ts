import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  mailingCancelResponseSchema,
  mailingHistoryResponseSchema,
  mailingResponseSchema,
  mailingResultSchema,
  mailingSettingsResponseSchema,
  mailingSettingsSchema,
  type MailingResult,
  type ParseMode,
} from '../../contract/mailing.js';
import { mailingScheduledResponseSchema, type MailingButton, type MailingRepeat } from '../../contract/mailing-schedule.js';
import { messages } from '../../contract/messages.js';
import { z } from '../../contract/zod-setup.js';
import { useSellerId } from '../auth/session.js';
import { profileQueryKey } from './auth.js';
import { apiRequest } from './client.js';

const m = messages.mailing;
const s = messages.mailingScreen;

/** How often a running mailing's figures are asked for (the progress bar). */
export const MAILING_POLL_MS = 1000;

const settingsQueryKey = (userId: number) => ['mailing-settings', userId] as const;
const historyQueryKey = (userId: number) => ['mailings', userId] as const;
const mailingQueryKey = (userId: number, mailingId: number) => ['mailings', userId, mailingId] as const;

/** The saved bot: its token masked (SPEC §9) and its @username; nulls when none is saved. */
export function useMailingSettingsQuery() {
  const userId = useSellerId();
  return useQuery({
    queryKey: settingsQueryKey(userId ?? 0),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/mailing/settings',
        query: { user_id: userId },
        schema: mailingSettingsSchema,
        fallbackMessage: s.settingsLoadFailed,
        signal,
      }),
  });
}

/** Saves the bot token (checked by Telegram on the server); the user is refreshed after it (SPEC §7). */
export function useSaveMailingSettingsMutation() {
  const userId = useSellerId() ?? 0;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (botToken: string) =>
      apiRequest({
        method: 'POST',
        path: '/mailing/settings',
        body: { user_id: userId, bot_token: botToken },
        schema: mailingSettingsResponseSchema,
        fallbackMessage: m.tokenSaveFailed,
      }),
    onSuccess: async ({ bot_token, bot_username }) => {
      queryClient.setQueryData(settingsQueryKey(userId), { bot_token, bot_username });
      await queryClient.invalidateQueries({ queryKey: profileQueryKey(userId) });
    },
  });
}

export interface MailingDraft {
  /** The saved token's mask (the server maps it to the saved token) or a full token typed here. */
  botToken: string;
  /** The action whose own bot sends the mailing; null: the mailing bot (`botToken`). */
  projectId: number | null;
  recipientIds: readonly string[];
  /** The segment whose shoppers get the mailing (through `projectId`'s bot); null: `recipientIds` only. */
  segmentId: number | null;
  message: string;
  imageUrl: string | null;
  parseMode: ParseMode | null;
  /** Moscow time 'YYYY-MM-DDTHH:mm' of a scheduled mailing (its first run); null: now. */
  sendAt: string | null;
  repeat: MailingRepeat | null;
  button: MailingButton | null;
  /** «Анонс товара»: the Wildberries or Ozon card the button leads to (instead of `button`). */
  marketplaceUrl: string | null;
}

const sendAnswerSchema = z.union([mailingResultSchema, mailingScheduledResponseSchema]);

/** Starts a mailing: a small one answers final, a large one `sending` with its figures so far. */
export function useSendMailingMutation() {
  const userId = useSellerId() ?? 0;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: MailingDraft) =>
      apiRequest({
        method: 'POST',
        path: '/mailing/send',
        body: {
          user_id: userId,
          ...(draft.projectId === null ? { bot_token: draft.botToken } : { project_id: draft.projectId }),
          ...(draft.segmentId === null ? { recipient_ids: draft.recipientIds } : { segment_id: draft.segmentId }),
          message: draft.message,
          image_url: draft.imageUrl,
          parse_mode: draft.parseMode,
          ...(draft.sendAt && { send_at: draft.sendAt, ...(draft.repeat && { repeat: draft.repeat }) }),
          ...(draft.button && { button: draft.button }),
          ...(draft.marketplaceUrl && { marketplace_url: draft.marketplaceUrl }),
        },
        schema: sendAnswerSchema,
        fallbackMessage: m.sendFailed,
      }),
    onSuccess: (answer) => {
      if (!('schedule' in answer)) queryClient.setQueryData(mailingQueryKey(userId, answer.id), answer);
      return queryClient.invalidateQueries({ queryKey: historyQueryKey(userId), exact: true });
    },
  });
}

/**
 * One mailing with its errors, asked for every second while it is being sent, so the
 * progress bar moves; the history is refreshed once it ends.
 */
export function useMailingQuery(mailingId: number | null) {
  const userId = useSellerId() ?? 0;
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: mailingQueryKey(userId, mailingId ?? 0),
    enabled: userId !== 0 && mailingId !== null,
    queryFn: async ({ signal }) => {
      const { mailing } = await apiRequest({
        path: `/mailing/${mailingId}`,
        query: { user_id: userId },
        schema: mailingResponseSchema,
        fallbackMessage: m.sendFailed,
        signal,
      });
      if (mailing.status !== 'sending') void queryClient.invalidateQueries({ queryKey: historyQueryKey(userId), exact: true });
      return mailing;
    },
    // A finished mailing never changes again.
    staleTime: (query) => (query.state.data && query.state.data.status !== 'sending' ? Infinity : 0),
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? MAILING_POLL_MS : false),
  });
}

/** The last mailings, newest first; refreshed every few seconds while one of them is running. */
export function useMailingHistoryQuery() {
  const userId = useSellerId();
  return useQuery({
    queryKey: historyQueryKey(userId ?? 0),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/mailing/history',
        query: { user_id: userId },
        schema: mailingHistoryResponseSchema,
        fallbackMessage: s.historyLoadFailed,
        signal,
      }),
    refetchInterval: (query) => (query.state.data?.mailings.some((mailing) => mailing.status === 'sending') ? 2 * MAILING_POLL_MS : false),
  });
}

/** Stops a running mailing: recipients not yet sent to get nothing. */
export function useCancelMailingMutation() {
  const userId = useSellerId() ?? 0;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailingId: number) =>
      apiRequest({
        method: 'POST',
        path: `/mailing/${mailingId}/cancel`,
        body: { user_id: userId },
        schema: mailingCancelResponseSchema,
        fallbackMessage: s.cancelFailed,
      }),
    onSuccess: ({ mailing }) => {
      queryClient.setQueryData<MailingResult>(mailingQueryKey(userId, mailing.id), mailing);
      return queryClient.invalidateQueries({ queryKey: historyQueryKey(userId), exact: true });
    },
  });
}

/** Stops a scheduled or regular mailing's future runs. */
export function useCancelScheduleMutation() {
  const userId = useSellerId() ?? 0;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scheduleId: number) =>
      apiRequest({
        method: 'POST',
        path: `/mailing/schedules/${scheduleId}/cancel`,
        body: { user_id: userId },
        schema: mailingScheduledResponseSchema,
        fallbackMessage: messages.mailingScheduleScreen.cancelFailed,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyQueryKey(userId), exact: true }),
  });
}
