import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../contract/messages.js';
import { cancelPreviewSchema, cancelReceiptResponseSchema } from '../../contract/receipt-cancel.js';
import {
  RECEIPT_PAGE_SIZE,
  checkResponseSchema,
  demoReceiptResponseSchema,
  receiptsResponseSchema,
  type ReceiptStatusFilter,
} from '../../contract/receipts.js';
import { API_BASE } from '../../contract/constants.js';
import { sessionStore, useSellerId } from '../auth/session.js';
import { ApiError } from './api-error.js';
import { extractErrorMessage } from './error-message.js';
import { actionsQueryKey } from './actions.js';
import { analyticsQueryKey } from './analytics.js';
import { profileQueryKey } from './auth.js';
import { buyerCardsQueryKey, buyersQueryKey } from './buyers.js';
import { apiRequest } from './client.js';

const r = messages.receipts;

/** Every receipt list of a seller (all actions, or one) lives under this key. */
export const receiptsQueryKey = (userId: number) => ['receipts', userId] as const;
const receiptListKey = (userId: number, actionId: number | null, status: ReceiptStatusFilter | null) =>
  [...receiptsQueryKey(userId), actionId ?? 'all', status ?? 'all'] as const;

/**
 * The seller's receipts, newest first, RECEIPT_PAGE_SIZE at a time ('Показать ещё'):
 * every action's (deleted ones too) or one action's, of every status or one. With
 * `enabled: false` it only reads what an earlier visit left in the cache.
 */
export function useReceiptHistoryQuery(actionId: number | null, options: { enabled?: boolean; status?: ReceiptStatusFilter | null } = {}) {
  const userId = useSellerId();
  const status = options.status ?? null;
  return useInfiniteQuery({
    queryKey: receiptListKey(userId ?? 0, actionId, status),
    enabled: userId !== undefined && (options.enabled ?? true),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiRequest({
        path: '/receipts',
        query: {
          user_id: userId,
          page: pageParam,
          limit: RECEIPT_PAGE_SIZE,
          project_id: actionId ?? undefined,
          status: status ?? undefined,
        },
        schema: receiptsResponseSchema,
        fallbackMessage: r.historyLoadFailed,
        signal,
      }),
    getNextPageParam: ({ pagination }) => (pagination.has_next ? pagination.current_page + 1 : undefined),
  });
}

export interface ReceiptCheckForm {
  qrurl: string;
  user_id_tg: string;
}

/**
 * Checks a receipt for an action as the bot would. Every verdict is an answer (200);
 * afterwards the receipt lists, buyers, the action's count and the profile (balance,
 * receipt count) are out of date.
 */
export function useCheckReceiptMutation(actionId: number) {
  const queryClient = useQueryClient();
  const userId = useSellerId() ?? 0;
  return useMutation({
    mutationFn: (form: ReceiptCheckForm) =>
      apiRequest({
        method: 'POST',
        path: '/check',
        body: { ...form, user_id: userId, project_id: actionId },
        schema: checkResponseSchema,
        fallbackMessage: r.checkFailed,
      }),
    onSuccess: () =>
      Promise.all(
        [receiptsQueryKey(userId), buyersQueryKey(userId), profileQueryKey(userId), actionsQueryKey(userId), analyticsQueryKey(userId)].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

const cancelPreviewKey = (userId: number, receiptId: number) => ['receipt-cancel', userId, receiptId] as const;

/** What «Отменить чек» would take back now: held, available, and what the shopper already spent. */
export function useCancelPreviewQuery(receiptId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: cancelPreviewKey(userId ?? 0, receiptId),
    enabled: userId !== undefined,
    // What the shopper can spend changes by the minute: read it each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/receipts/${receiptId}/cancel`,
        query: { user_id: userId },
        schema: cancelPreviewSchema,
        fallbackMessage: messages.receiptCancel.previewFailed,
        signal,
      }),
  });
}

/**
 * «Отменить чек»: the receipt's points come back. Afterwards the receipt lists, the buyers (their
 * sums) and the buyer cards (points, ledger, receipts) are out of date.
 */
export function useCancelReceiptMutation() {
  const queryClient = useQueryClient();
  const userId = useSellerId() ?? 0;
  return useMutation({
    mutationFn: ({ receiptId, reason }: { receiptId: number; reason: string }) =>
      apiRequest({
        method: 'POST',
        path: `/receipts/${receiptId}/cancel`,
        body: { user_id: userId, reason },
        schema: cancelReceiptResponseSchema,
        fallbackMessage: messages.receiptCancel.failed,
      }),
    onSuccess: () =>
      Promise.all(
        [receiptsQueryKey(userId), buyersQueryKey(userId), buyerCardsQueryKey(userId)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** Demo mode: a fresh test receipt for the action, registered in the tax-service emulator. */
export function useDemoReceiptMutation(actionId: number) {
  const userId = useSellerId() ?? 0;
  return useMutation({
    mutationFn: () =>
      apiRequest({
        method: 'POST',
        path: '/demo/receipts',
        body: { user_id: userId, project_id: actionId },
        schema: demoReceiptResponseSchema,
        fallbackMessage: messages.receiptScreens.demoReceiptFailed,
      }),
  });
}

/**
 * Demo mode: the QR picture of a demo receipt, fetched with the session's Bearer header (so the
 * token never appears in an address or a history).
 */
export async function fetchDemoReceiptQr(qr: string, userId: number): Promise<Blob> {
  const token = sessionStore.getState().session?.token;
  const query = new URLSearchParams({ qr, user_id: String(userId) });
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/demo/receipts/qr.png?${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'include',
    });
  } catch {
    throw new ApiError(0, messages.bot.downloadQrFailed);
  }
  if (!response.ok)
    throw new ApiError(response.status, extractErrorMessage(await response.text().catch(() => ''), messages.bot.downloadQrFailed));
  return response.blob();
}

/** The demo receipt's QR picture handed to the browser as a file download. */
export async function downloadDemoReceiptQr(qr: string, userId: number): Promise<void> {
  const url = URL.createObjectURL(await fetchDemoReceiptQr(qr, userId));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'receipt-qr.png';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed once it is read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Demo mode: a fresh test receipt of the action, as the picture a shopper would photograph. */
export async function demoReceiptPicture(actionId: number, userId: number): Promise<Blob> {
  const { qrurl } = await apiRequest({
    method: 'POST',
    path: '/demo/receipts',
    body: { user_id: userId, project_id: actionId },
    schema: demoReceiptResponseSchema,
    fallbackMessage: messages.receiptScreens.demoReceiptFailed,
  });
  return fetchDemoReceiptQr(qrurl, userId);
}
