import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../contract/messages.js';
import { adjustPointsResponseSchema, buyerCardSchema, buyerLedgerPageSchema, type BuyerCard } from '../../contract/points.js';
import { buyersResponseSchema, type BUYER_PERIOD_DAYS, type BUYER_SORT_FIELDS } from '../../contract/receipts.js';
import { blockBuyerResponseSchema, unblockBuyerResponseSchema } from '../../contract/trust.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

/** Rows per request: a seller with 100 000 buyers gets them a page at a time. */
export const BUYERS_PAGE_SIZE = 100;

export type BuyerSortField = (typeof BUYER_SORT_FIELDS)[number];
export type BuyerPeriod = (typeof BUYER_PERIOD_DAYS)[number];
export interface BuyerSort {
  field: BuyerSortField;
  order: 'asc' | 'desc';
}

export interface BuyerFilters {
  actionId: number | null;
  periodDays: BuyerPeriod | null;
  /** «Подозрительные»: only shoppers the check flagged. */
  suspicious: boolean;
  /** null: the server's own order (latest purchase first). */
  sort: BuyerSort | null;
}

export const buyersQueryKey = (userId: number) => ['buyers', userId] as const;

/**
 * Buyers filtered, sorted and counted by the server; the summary covers every buyer
 * that matches, the rows come BUYERS_PAGE_SIZE at a time ('Показать ещё'). While a new
 * filter or order loads, the previous rows stay on screen.
 */
export function useBuyersQuery({ actionId, periodDays, suspicious, sort }: BuyerFilters) {
  const userId = useSellerId();
  return useInfiniteQuery({
    queryKey: [...buyersQueryKey(userId ?? 0), { actionId, periodDays, suspicious, sort }],
    enabled: userId !== undefined,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiRequest({
        path: '/buyers',
        query: {
          user_id: userId,
          project_id: actionId ?? undefined,
          period_days: periodDays ?? undefined,
          suspicious: suspicious ? 1 : undefined,
          sort: sort?.field,
          order: sort?.order,
          limit: BUYERS_PAGE_SIZE,
          offset: pageParam,
        },
        schema: buyersResponseSchema,
        fallbackMessage: messages.receipts.buyersLoadFailed,
        signal,
      }),
    getNextPageParam: (lastPage, _pages, lastOffset) => {
      const next = lastOffset + lastPage.buyers.length;
      return lastPage.buyers.length > 0 && next < lastPage.summary.buyers_count ? next : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

/** Every buyer card of a seller lives under this key. */
export const buyerCardsQueryKey = (userId: number) => ['buyer-card', userId] as const;
const buyerCardQueryKey = (userId: number, tgId: string, actionId: number) => [...buyerCardsQueryKey(userId), tgId, actionId] as const;

/** One buyer in one action: points, level, ledger, receipts, orders, promo codes. */
export function useBuyerCardQuery(tgId: string, actionId: number | null) {
  const userId = useSellerId();
  return useQuery({
    queryKey: buyerCardQueryKey(userId ?? 0, tgId, actionId ?? 0),
    enabled: userId !== undefined && actionId !== null,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/buyers/${encodeURIComponent(tgId)}`,
        query: { user_id: userId, project_id: actionId ?? undefined },
        schema: buyerCardSchema,
        fallbackMessage: messages.buyerCard.loadFailed,
        signal,
      }),
  });
}

/**
 * The card's ledger, newest first, a page at a time («Показать ещё»). Its first page is the card's
 * own (no second read when the card opens); a card read again with a newer row (an adjustment)
 * starts the list again from it, and a block, which moves no points, keeps what was loaded.
 */
export function useBuyerLedgerQuery(tgId: string, actionId: number, card: Pick<BuyerCard, 'ledger' | 'ledger_next_before'>) {
  const userId = useSellerId();
  return useInfiniteQuery({
    queryKey: ['buyer-ledger', userId ?? 0, tgId, actionId, card.ledger[0]?.id ?? 0] as const,
    initialPageParam: undefined as number | undefined,
    initialData: { pages: [{ ledger: card.ledger, next_before: card.ledger_next_before }], pageParams: [undefined] },
    staleTime: Infinity,
    queryFn: ({ pageParam, signal }) =>
      apiRequest({
        path: `/buyers/${encodeURIComponent(tgId)}/ledger`,
        query: { user_id: userId, project_id: actionId, before: pageParam },
        schema: buyerLedgerPageSchema,
        fallbackMessage: messages.buyerCard.ledgerLoadFailed,
        signal,
      }),
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
}

/** After a change to a buyer (points, a block): the card and the Buyers list read it again. */
function useInvalidateBuyer(tgId: string, actionId: number) {
  const userId = useSellerId();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: buyerCardQueryKey(userId ?? 0, tgId, actionId) }),
      queryClient.invalidateQueries({ queryKey: buyersQueryKey(userId ?? 0) }),
    ]);
}

export interface PointsAdjustment {
  delta: number;
  reason: string;
  /** One per submission of the same values: a double click or a retry moves the points once. */
  idempotencyKey: string;
}

/** «Начислить / списать баллы»; the card and the Buyers list show the new balance after it. */
export function useAdjustPointsMutation(tgId: string, actionId: number) {
  const userId = useSellerId();
  const invalidate = useInvalidateBuyer(tgId, actionId);
  return useMutation({
    mutationFn: ({ delta, reason, idempotencyKey }: PointsAdjustment) =>
      apiRequest({
        method: 'POST',
        path: `/buyers/${encodeURIComponent(tgId)}/points`,
        body: { user_id: userId, project_id: actionId, delta, reason },
        headers: { 'idempotency-key': idempotencyKey },
        schema: adjustPointsResponseSchema,
        fallbackMessage: messages.buyerCard.adjustFailed,
      }),
    onSuccess: invalidate,
  });
}

/** «Заблокировать» with the seller's reason. */
export function useBlockBuyerMutation(tgId: string, actionId: number) {
  const userId = useSellerId();
  const invalidate = useInvalidateBuyer(tgId, actionId);
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest({
        method: 'POST',
        path: `/buyers/${encodeURIComponent(tgId)}/block`,
        body: { user_id: userId, project_id: actionId, reason },
        schema: blockBuyerResponseSchema,
        fallbackMessage: messages.trust.blockFailed,
      }),
    // A refusal may mean the screen is stale (another tab unblocked or blocked): read the card again either way.
    onSettled: invalidate,
  });
}

/** «Разблокировать». */
export function useUnblockBuyerMutation(tgId: string, actionId: number) {
  const userId = useSellerId();
  const invalidate = useInvalidateBuyer(tgId, actionId);
  return useMutation({
    mutationFn: () =>
      apiRequest({
        method: 'POST',
        path: `/buyers/${encodeURIComponent(tgId)}/unblock`,
        body: { user_id: userId, project_id: actionId },
        schema: unblockBuyerResponseSchema,
        fallbackMessage: messages.trust.unblockFailed,
      }),
    // «Покупатель не заблокирован» (409) means the screen was stale: the card read again shows the truth.
    onSettled: invalidate,
  });
}
